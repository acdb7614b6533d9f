import Dispatch
import LabelCatalog
import LabelRender

extension Renderer {
    /// Runs `draw` for each job on every core, each worker with a renderer of its own (made by
    /// the first of its jobs that draws: a job whose picture is kept needs none); the outcomes
    /// in the jobs' order.
    static func drawOnEveryCore<Job: Sendable, Outcome>(_ jobs: [Job], _ draw: @Sendable (Job, inout Renderer?) -> Outcome) -> [Outcome] {
        let outcomes = ResultSlots<Outcome>(count: jobs.count)
        let workers = max(1, min(ProcessInfoCores.count, jobs.count))
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            var renderer: Renderer?
            var index = worker
            while index < jobs.count {
                outcomes.set(index, draw(jobs[index], &renderer))
                index += workers
            }
        }
        return outcomes.all
    }
}
