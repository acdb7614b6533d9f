#!/usr/bin/env python3
"""Deterministic label corpus for the "engine vs Pango" benchmark.

Writes DIR/corpus.ndjson (one label definition per line) and DIR/corpus.tsv
(the same labels, same order, in the flat form read by pango_baseline.c):

    width<TAB>height<TAB>size<TAB>numberOfLines<TAB>lineBreakMode<TAB>text

with `\\`, tab and newline in the text escaped as `\\\\`, `\\t`, `\\n`.

Texts are ~35% Chinese, ~35% English, ~30% mixed, 1-200 characters, about half under
30 characters, built from the embedded vocabularies so words repeat as in real UI text.
Output depends only on --count and --seed (Python stdlib only, random.Random(seed)).

    python3 Benchmarks/make_corpus.py --count 100000 --seed 1 --out .build/bench
"""

import argparse
import json
import os
import random
import re

# ~300 common English words, UI-flavoured.
ENGLISH_WORDS = """
a about above accept access account action active add address after again all allow
already also always amount an and any app apply are area as ask at available away back
balance be before below best between bill both browse but buy by call camera can cancel
card cart change chat check choose city clear click close code color come comment confirm
connect contact continue copy could count create current custom daily data date day default
delete delivery details device did different disable discount do done down download draft
each edit email empty enable end enter every example expired export favorites feedback file
filter find first follow for forgot free friend from full get gift go good group guest has
have help here history home hour how if image import in inbox include information invalid
invite is it item just keep keyboard language last later learn leave less let library like
link list load location lock log login logout long make manage map mark max may me member
menu message method minute mode more most move music my name need network new next no not
note notification now number of off offer ok on once one online only open option or order
other our out over page paid password pay payment pending people phone photo place plan
play please point policy post premium press preview price privacy profile public purchase
push qr quick rate read ready receive recent record refresh remember remove reply report
request required reset retry return review save scan search secure see select send service
session set settings share shipping show sign size skip so some sorry start status still
stop storage store subscribe success support sure switch sync system tap terms than thank
that the then there this time to today total track transfer try turn unable unlock until
up update upload use user value verify version video view wait want was we week welcome
were what when where which while will with without work would write year yes you your
""".split()

# Common Chinese words (two-character UI vocabulary) and single characters.
CHINESE_WORDS = """
设置 账户 登录 退出 注册 密码 确认 取消 保存 删除 编辑 分享 搜索 发送 接收 消息 通知 首页
我的 发现 购物车 订单 支付 付款 退款 地址 收货 快递 物流 详情 评价 优惠 红包 积分 会员
活动 推荐 热门 最新 全部 更多 返回 下一步 完成 提交 上传 下载 更新 版本 检查 网络 连接
失败 成功 重试 加载 刷新 清除 缓存 存储 空间 隐私 政策 用户 协议 同意 拒绝 允许 权限
相机 相册 照片 视频 音乐 文件 文档 打开 关闭 开启 语言 字体 大小 主题 颜色 模式 夜间
帮助 反馈 客服 联系 电话 邮箱 验证码 获取 输入 手机号 姓名 昵称 头像 签名 生日 性别
城市 位置 附近 距离 时间 日期 今天 明天 昨天 小时 分钟 秒钟 开始 结束 暂停 继续 播放
收藏 关注 粉丝 点赞 评论 回复 转发 举报 屏蔽 好友 群聊 聊天 语音 通话 扫一扫 二维码
余额 充值 提现 银行卡 信用卡 账单 明细 交易 记录 安全 中心 实名 认证 绑定 解绑 修改
商品 价格 库存 数量 规格 包邮 运费 发货 签收 售后 服务 退货 换货 申请 审核 处理 状态
请 您 的 了 在 是 和 与 或 已 未 将 可以 不能 无法 需要 正在 暂无 没有 当前 请稍后
选择 确定 提示 警告 错误 注意 重要 温馨 欢迎 使用 感谢 支持 帮助中心 常见问题 立即
查看 领取 兑换 使用中 已过期 即将 到期 剩余 免费 试用 订阅 续费 升级 会员卡 专享
剧终 内容 标题 文字 标签 对齐 顶部 底部 居中 左边 右边 垂直 水平 布局 显示 隐藏 行数
""".split()

CHINESE_PUNCT = ["，", "。", "、", "！", "？", "：", "；"]
SPACE_BEFORE_CJK_PUNCT = re.compile(" ([%s])" % "".join(CHINESE_PUNCT))
ENGLISH_PUNCT = [",", ".", "!", "?", ":"]
DIGIT_BITS = ["1", "2", "3", "5", "10", "12", "24", "30", "99", "100", "128", "2024",
              "3.5", "50%", "¥99", "$4.99", "(2)", "#1", "08:30", "v2.1"]

SIZES = [12, 13, 14, 15, 16, 17, 20, 24]
LINES = ([0] * 25) + ([1] * 35) + ([2] * 25) + ([3] * 15)
BREAK_MODES = (["wordWrap"] * 30 + ["truncateTail"] * 30 + ["charWrap"] * 10
               + ["clip"] * 10 + ["truncateHead"] * 10 + ["truncateMiddle"] * 10)
ALIGNMENTS = ["left", "center", "right", "natural"]
VALIGNS = ["top", "middle", "bottom"]


def target_length(rng):
    """1-200 characters, about half under 30 (UI strings are mostly short)."""
    if rng.random() < 0.5:
        return rng.randint(1, 29)
    # 30..200, skewed toward the short end (log-uniform).
    return min(200, int(round(30 * (200 / 30) ** rng.random())))


def english_tokens(rng):
    first = True
    while True:
        r = rng.random()
        if r < 0.04:
            tok = rng.choice(DIGIT_BITS)
        else:
            tok = rng.choice(ENGLISH_WORDS)
            if first:
                tok = tok[0].upper() + tok[1:]
        first = False
        if rng.random() < 0.08:
            tok += rng.choice(ENGLISH_PUNCT)
            first = tok[-1] in ".!?"
        yield tok + " "


def chinese_tokens(rng):
    while True:
        r = rng.random()
        if r < 0.03:
            yield rng.choice(DIGIT_BITS)
        elif r < 0.15:
            yield rng.choice(CHINESE_PUNCT)
        else:
            yield rng.choice(CHINESE_WORDS)


def mixed_tokens(rng):
    """Chinese with embedded English words/brand names and numbers.

    The first two tokens are one of each script, so even short mixed labels are mixed.
    """
    def english():
        n = 1 if rng.random() < 0.7 else 2
        words = [rng.choice(ENGLISH_WORDS) for _ in range(n)]
        if rng.random() < 0.4:
            words[0] = words[0][0].upper() + words[0][1:]
        return " ".join(words)

    latin_first = rng.random() < 0.3
    yield english() + " " if latin_first else rng.choice(CHINESE_WORDS)
    yield rng.choice(CHINESE_WORDS) if latin_first else english()
    while True:
        r = rng.random()
        if r < 0.22:
            # Real UI text is inconsistent about spaces around Latin words.
            yield (" %s " if rng.random() < 0.5 else " %s") % english()
        elif r < 0.30:
            yield rng.choice(DIGIT_BITS)
        elif r < 0.40:
            yield rng.choice(CHINESE_PUNCT)
        else:
            yield rng.choice(CHINESE_WORDS)


def make_text(rng):
    n = target_length(rng)
    r = rng.random()
    tokens = chinese_tokens(rng) if r < 0.35 else english_tokens(rng) if r < 0.70 else mixed_tokens(rng)
    # Whole tokens while they fit, so English words are not cut in half; a first token
    # longer than the target is cut (a 1-character label is still a realistic "OK"-ish tag).
    text = ""
    while True:
        tok = next(tokens)
        if tok in CHINESE_PUNCT and (not text or text[-1] in CHINESE_PUNCT):
            continue  # no leading or doubled Chinese punctuation
        if len(text + tok.rstrip()) > n:
            break
        text += tok
    text = SPACE_BEFORE_CJK_PUNCT.sub(r"\1", " ".join(text.split()))
    return text or tok.strip()[:n] or "OK"


def make_dimension(rng, lo, hi, halves):
    """Integer, or (when halves) a multiple of 0.5, in [lo, hi]."""
    if halves and rng.random() < 0.3:
        v = rng.randint(2 * lo, 2 * hi) / 2
        return int(v) if v == int(v) else v
    return rng.randint(lo, hi)


def make_label(rng, index, width_digits):
    width = make_dimension(rng, 60, 400, halves=True)
    height = make_dimension(rng, 20, 300, halves=False)
    return {
        "name": "bench.%0*d" % (width_digits, index),
        "text": make_text(rng),
        "frame": {"x": 0, "y": 0, "width": width, "height": height},
        "font": {"family": "Noto Sans CJK SC", "size": rng.choice(SIZES), "weight": 400},
        "numberOfLines": rng.choice(LINES),
        "lineBreakMode": rng.choice(BREAK_MODES),
        "textAlignment": rng.choice(ALIGNMENTS),
        "verticalAlignment": rng.choice(VALIGNS),
    }


def tsv_escape(text):
    return text.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--count", type=int, default=100000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", required=True, help="output directory (created if missing)")
    args = ap.parse_args()
    if args.count < 1:
        ap.error("--count must be at least 1")

    os.makedirs(args.out, exist_ok=True)
    rng = random.Random(args.seed)
    digits = max(6, len(str(args.count)))
    nd_path = os.path.join(args.out, "corpus.ndjson")
    tsv_path = os.path.join(args.out, "corpus.tsv")
    # Write to temporary names first so an interrupted run never leaves a half corpus.
    with open(nd_path + ".tmp", "w", encoding="utf-8", newline="\n") as nd, \
         open(tsv_path + ".tmp", "w", encoding="utf-8", newline="\n") as tsv:
        for i in range(1, args.count + 1):
            label = make_label(rng, i, digits)
            nd.write(json.dumps(label, ensure_ascii=False, separators=(",", ":")))
            nd.write("\n")
            f = label["frame"]
            tsv.write("%s\t%s\t%s\t%d\t%s\t%s\n" % (
                f["width"], f["height"], label["font"]["size"], label["numberOfLines"],
                label["lineBreakMode"], tsv_escape(label["text"])))
    os.replace(nd_path + ".tmp", nd_path)
    os.replace(tsv_path + ".tmp", tsv_path)


if __name__ == "__main__":
    main()
