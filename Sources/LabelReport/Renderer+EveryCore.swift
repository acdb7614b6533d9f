import LabelCatalog
import LabelRender

extension Renderer {
    /// Runs `draw` for each job on every core, each worker with a renderer of its own (made by
    /// the first of its jobs that draws: a job whose picture is kept needs none); the outcomes
    /// in the jobs' order.
    static func drawOnEveryCore<Job: Sendable, Outcome>(_ jobs: [Job], _ draw: @Sendable (Job, inout Renderer?) -> Outcome) -> [Outcome] {
        let outcomes = ResultSlots<Outcome>(count: jobs.count)
        EveryCore.run(items: jobs.count) { _, claimed in
            var renderer: Renderer?
            while let index = claimed.next() { outcomes.set(index, draw(jobs[index], &renderer)) }
        }
        return outcomes.takeAll()
    }
}
