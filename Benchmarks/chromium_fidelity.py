#!/usr/bin/env python3
"""`make fidelity`: labelcat's line breaks and line widths against headless Chromium.

Chromium shapes with HarfBuzz and breaks lines with ICU too, but it is an independent engine:
it shapes each run whole and re-shapes at line ends (LayoutNG's ShapingLineBreaker). This
driver lays out a deterministic corpus in both:

  * labelcat: `labelcat measure`, one definition per case, the font given by its file path,
    unlimited lines, lineBreakStrategy `none` (Chromium has no pushOut; Korean cases use
    `hangulWordPriority`, which is CSS `word-break: keep-all` for Korean text);
  * Chromium: one page with a <div> per case, the same font file in an @font-face (file://
    URL), the same size and width, `white-space: pre-wrap` (trailing spaces hang), `lang` set
    to the case's locale (both engines shape in that language), CJK punctuation spacing and
    CJK/Latin autospacing off (`text-spacing-trim: space-all`, `text-autospace: no-autospace`:
    CoreText does neither), read back with Range.getClientRects through
    `chromium --headless --dump-dom`.

and prints, per script and mode, the share of cases whose line breaks are identical and the
error of line widths (95th percentile and maximum, in pt = CSS px) over the lines of those
cases. Target: >= 99.5% identical breaks, p95 width error <= 0.02 pt.

Cases: CJK (Chinese, Japanese), Latin (English, German), Arabic, Hebrew and Korean, in Noto
Sans CJK SC, DejaVu Sans and Liberation Sans, wordWrap everywhere and charWrap (CSS
`line-break: anywhere`) for CJK only: Chromium drops Latin kerning under `anywhere`.
Japanese cases are `lang=ja` with `line-break: strict` (labelcat's locale rule), others
`line-break: normal`. The SC face of the Noto CJK collection is written to a file of its own
with fontTools (Chromium's @font-face reads only the first face of a .ttc).

    /usr/bin/python3 Benchmarks/chromium_fidelity.py --labelcat .build/release/labelcat \\
        [--chromium chromium] [--work .build/fidelity] [--count 2000] [--show 5]

Exit 0 whether the targets pass or fail (it is a report); 1 if a program fails.
"""

import argparse
import collections
import html
import json
import os
import random
import subprocess
import sys

SEED = 12

NOTO_CJK_COLLECTION = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"
NOTO_CJK_SC_INDEX = 2
FONTS = {
    "DejaVu Sans": "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    "Liberation Sans": "/usr/share/fonts/truetype/liberation2/LiberationSans-Regular.ttf",
}

CHINESE = ("设置 账户 登录 退出 注册 密码 确认 取消 保存 删除 编辑 分享 搜索 发送 接收 消息 通知 首页 我的 发现 "
           "购物车 订单 支付 付款 退款 地址 收货 快递 物流 详情 评价 优惠 红包 积分 会员 活动 推荐 热门 最新 全部 "
           "更多 返回 下一步 完成 提交 上传 下载 更新 版本 检查 网络 连接 失败 成功 重试 加载 刷新 立即 购买 享受 "
           "八折 今天 明天 时间 日期 位置 附近 城市 看我 居上 对齐 剧终 向下 文字 顶部 显示 中间").split()
CHINESE_PUNCTUATION = ["，", "。", "、", "！", "？", "：", "；", "「", "」", "（", "）"]
JAPANESE = ("ちょっと 待って ください 設定 アカウント ログイン ログアウト パスワード 確認 キャンセル 保存 削除 "
            "編集 共有 検索 送信 受信 メッセージ 通知 ホーム ショッピング カート 注文 支払い お届け先 詳細 "
            "レビュー クーポン ポイント メンバー キャンペーン おすすめ 人気 最新 すべて もっと見る 戻る 次へ "
            "完了 アップロード ダウンロード アップデート バージョン ネットワーク 接続 失敗 成功 再試行 "
            "読み込み中 コーヒー ジュース チェック シャッター きょう きゃく しゅっぱつ がっこう").split()
JAPANESE_PUNCTUATION = ["、", "。", "！", "？", "ー", "「", "」", "…"]
ENGLISH = ("Art Apple Table Tower Yellow Wave Vote Your AVATAR Today Total Update Value Verify Welcome Year "
           "account action address again allow already always amount and any apply area available "
           "balance before below best between bill browse but buy call camera cancel card cart change "
           "check choose city clear close code color comment confirm connect contact continue copy "
           "create current delete delivery details device different discount download draft edit "
           "email empty enable enter every example expired export favorites feedback file filter find "
           "first follow forgot free friend from full gift group guest have help history home hour "
           "image import include information invalid invite item keyboard language later learn leave "
           "library link list location login logout message method minute more move music name "
           "network never notification offer office official online open option order password payment "
           "people phone photo place please policy premium preview price privacy profile purchase "
           "quick ready receive recent refresh remember remove reply report request reset retry return "
           "review save scan search secure select send service session settings share shipping show "
           "sign size skip sorry start status stop storage store subscribe success support switch sync "
           "system terms thank today track transfer try turn unable unlock until update upload user "
           "verify version video view wait want week welcome write year abbreviated affliction").split()
GERMAN = ("Die einfachste Art sich anzumelden ist über Ihr Konto Abbrechen Speichern Löschen Bearbeiten "
          "Teilen Suchen Senden Nachricht Benachrichtigung Startseite Warenkorb Bestellung Zahlung "
          "Lieferadresse Bewertung Gutschein Aktualisierung Verbindung fehlgeschlagen erfolgreich "
          "Wiederholen Einstellungen Datenschutzerklärung Nutzungsbedingungen Zurück Weiter Fertig "
          "Verfügbar Angebot Täglich Woche Jahr Überweisung Verlauf Hilfe").split()
ARABIC = ("مرحبا بالعالم كيف حالك اليوم شكرا جزيلا من فضلك الحساب الإعدادات تسجيل الدخول الخروج كلمة المرور "
          "تأكيد إلغاء حفظ حذف تعديل مشاركة بحث إرسال رسالة إشعار الصفحة الرئيسية سلة التسوق الطلب الدفع "
          "العنوان التفاصيل التقييم الخصم النقاط العضوية المزيد رجوع التالي تم التحميل التحديث الإصدار "
          "الشبكة الاتصال فشل نجاح إعادة المحاولة").split()
HEBREW = ("שלום עולם תודה רבה בבקשה חשבון הגדרות כניסה יציאה סיסמה אישור ביטול שמירה מחיקה עריכה שיתוף "
          "חיפוש שליחה הודעה התראה דף הבית עגלת קניות הזמנה תשלום כתובת פרטים דירוג הנחה נקודות חברות "
          "עוד חזרה הבא סיום העלאה הורדה עדכון גרסה רשת חיבור נכשל הצלחה נסה שוב").split()
KOREAN = ("안녕하세요 감사합니다 설정 계정 로그인 로그아웃 비밀번호 확인 취소 저장 삭제 편집 공유 검색 보내기 "
          "메시지 알림 홈 장바구니 주문 결제 배송지 상세정보 리뷰 쿠폰 포인트 회원 이벤트 추천 인기 최신 전체 "
          "더보기 뒤로 다음 완료 업로드 다운로드 업데이트 버전 네트워크 연결 실패 성공 다시 시도 오늘의 "
          "추천 상품을 확인하세요 지금 바로 구매하기").split()


def sentence(rng, words, join, punctuation=(), minimum=8, maximum=120):
    """Words drawn at random until the text is between minimum and maximum characters."""
    target = rng.randint(minimum, maximum)
    parts = []
    while sum(len(p) for p in parts) < target:
        parts.append(rng.choice(words))
        if punctuation and rng.random() < 0.15:
            parts.append(rng.choice(punctuation))
    text = join.join(parts)
    if join and punctuation:
        for mark in punctuation:
            text = text.replace(join + mark, mark)
    return text[:maximum].strip()


def latin_sentence(rng):
    words = rng.choice([ENGLISH, GERMAN])
    text = sentence(rng, words, " ")
    if rng.random() < 0.4:
        text = text.replace(" ", ", ", 1)
    if rng.random() < 0.3:
        text += rng.choice([".", "!", "?", ":"])
    return text


def corpus(count, noto_sc_path):
    """Deterministic cases: dicts with script, mode, family, font file, size, width, text, locale."""
    rng = random.Random(SEED)
    plan = [
        # (script, mode, fonts, weight)
        ("CJK", "wordWrap", ["Noto Sans CJK SC"], 3),
        ("CJK", "charWrap", ["Noto Sans CJK SC"], 2),
        ("Latin", "wordWrap", ["DejaVu Sans", "Liberation Sans", "Noto Sans CJK SC"], 3),
        ("Arabic", "wordWrap", ["DejaVu Sans"], 1),
        ("Hebrew", "wordWrap", ["DejaVu Sans", "Liberation Sans"], 1),
        ("Korean", "wordWrap", ["Noto Sans CJK SC"], 1),
        ("Korean", "charWrap", ["Noto Sans CJK SC"], 1),
    ]
    weighted = [entry for entry in plan for _ in range(entry[3])]
    files = dict(FONTS, **{"Noto Sans CJK SC": noto_sc_path})
    cases = []
    for index in range(count):
        script, mode, families, _ = rng.choice(weighted)
        family = rng.choice(families)
        locale = ""
        if script == "CJK":
            if rng.random() < 0.5:
                text = sentence(rng, CHINESE, "", CHINESE_PUNCTUATION)
                locale = rng.choice(["", "zh-Hans"])
            else:
                text = sentence(rng, JAPANESE, "", JAPANESE_PUNCTUATION)
                locale = "ja"
            if rng.random() < 0.15:
                text = text[: len(text) // 2] + " " + latin_sentence(rng)[:30] + " " + text[len(text) // 2:]
        elif script == "Latin":
            text = latin_sentence(rng)
        elif script == "Arabic":
            text = sentence(rng, ARABIC, " ")
        elif script == "Hebrew":
            text = sentence(rng, HEBREW, " ")
        else:
            text = sentence(rng, KOREAN, " ")
            locale = "ko"
        size = rng.choice([12, 13, 14, 15, 16, 17, 18, 20, 22, 24])
        # Quarter points: Chromium lays out in 1/64 px, so a width off that grid would be
        # rounded before lines are filled.
        width = round(rng.uniform(60, 360) * 4) / 4
        cases.append({"id": index, "script": script, "mode": mode, "family": family, "file": files[family],
                      "size": size, "width": width, "text": text, "locale": locale})
    return cases


def extract_noto_sc(work):
    """The SC face of the Noto CJK collection as a font file of its own (fontTools)."""
    path = os.path.abspath(os.path.join(work, "NotoSansCJKsc-Regular.otf"))
    if not os.path.exists(path):
        try:
            from fontTools.ttLib import TTFont
        except ImportError:
            sys.exit("error: fontTools is needed (Debian: python3-fonttools; run with /usr/bin/python3)")
        TTFont(NOTO_CJK_COLLECTION, fontNumber=NOTO_CJK_SC_INDEX).save(path + ".tmp")
        os.replace(path + ".tmp", path)
    return path


def labelcat_lines(labelcat, cases, work):
    """Per case: [(start, end of visible text, width)] from `labelcat measure`."""
    definitions = []
    for case in cases:
        strategy = "hangulWordPriority" if case["script"] == "Korean" else "none"
        definitions.append(json.dumps({
            "name": "fidelity.c%d" % case["id"], "text": case["text"], "locale": case["locale"],
            "frame": {"x": 0, "y": 0, "width": case["width"], "height": 100000},
            "font": {"family": case["file"], "size": case["size"]},
            "numberOfLines": 0, "lineBreakMode": case["mode"], "lineBreakStrategy": strategy,
            "textAlignment": "left", "verticalAlignment": "top"}, ensure_ascii=False))
    path = os.path.join(work, "fidelity.ndjson")
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(definitions) + "\n")
    run = subprocess.run([labelcat, "measure", path], capture_output=True, text=True)
    if run.returncode != 0:
        sys.exit("error: labelcat measure failed: %s" % run.stderr.strip()[:500])
    results = []
    for line in run.stdout.splitlines():
        layout = json.loads(line)
        results.append([(l["range"]["location"], l["range"]["location"] + l["range"]["length"], l["rect"]["width"])
                        for l in layout["lines"]])
    return results


PAGE = """<!DOCTYPE html>
<html><head><meta charset="utf-8"><style>
%(faces)s
body { margin: 0; }
div.c { white-space: pre-wrap; overflow-wrap: break-word; font-kerning: normal; line-height: normal;
        text-spacing-trim: space-all; text-autospace: no-autospace;
        margin: 0 0 8px 0; padding: 0; text-align: left; }
div.anywhere { line-break: anywhere; }
div.strict { line-break: strict; }
div.normal { line-break: normal; }
div.keepall { word-break: keep-all; }
</style></head><body>
%(divs)s
<pre id="out"></pre>
<script>
function measure(div) {
  const node = div.firstChild;
  if (!node) return [];
  const text = node.data;
  const range = document.createRange();
  // The top of each UTF-16 unit's first rect; a new line starts where the top moves down.
  const starts = [];
  let lastTop = null;
  for (let i = 0; i < text.length; i++) {
    if (i > 0 && (text.charCodeAt(i) & 0xFC00) === 0xDC00) continue;
    range.setStart(node, i);
    range.setEnd(node, i + 1);
    const rects = range.getClientRects();
    if (rects.length === 0) continue;
    const top = rects[0].top;
    if (lastTop === null || top > lastTop + 1) { starts.push(i); lastTop = top; }
  }
  const lines = [];
  for (let k = 0; k < starts.length; k++) {
    const start = starts[k];
    const end = k + 1 < starts.length ? starts[k + 1] : text.length;
    let visible = end;
    while (visible > start && /[\\s]/.test(text[visible - 1])) visible--;
    let width = 0;
    if (visible > start) {
      range.setStart(node, start);
      range.setEnd(node, visible);
      width = range.getBoundingClientRect().width;
    }
    lines.push([start, visible, width]);
  }
  return lines;
}
async function run() {
  await document.fonts.ready;
  const families = %(families)s;
  await Promise.all(families.map(f => document.fonts.load("16px \\"" + f + "\\"")));
  const out = {};
  for (const div of document.querySelectorAll("div.c")) out[div.id] = measure(div);
  document.getElementById("out").textContent = JSON.stringify(out);
}
run();
</script></body></html>
"""


def chromium_lines(chromium, cases, work):
    """Per case: [(start, end of visible text, width)] read from Chromium."""
    faces = []
    names = {}
    for case in cases:
        if case["file"] not in names:
            names[case["file"]] = "F%d" % len(names)
            faces.append('@font-face { font-family: "%s"; src: url("file://%s"); }' % (names[case["file"]], case["file"]))
    divs = []
    for case in cases:
        classes = ["c"]
        if case["mode"] == "charWrap":
            classes.append("anywhere")
        elif case["locale"] == "ja":
            classes.append("strict")
        else:
            classes.append("normal")
        if case["script"] == "Korean":
            classes.append("keepall")
        lang = ' lang="%s"' % case["locale"] if case["locale"] else ""
        divs.append('<div id="c%d" class="%s"%s dir="auto" style="font-family: \'%s\'; font-size: %spx; width: %spx">%s</div>'
                    % (case["id"], " ".join(classes), lang, names[case["file"]], case["size"], case["width"],
                       html.escape(case["text"], quote=False)))
    page = os.path.join(work, "fidelity.html")
    with open(page, "w", encoding="utf-8") as f:
        f.write(PAGE % {"faces": "\n".join(faces), "divs": "\n".join(divs),
                        "families": json.dumps(sorted(names.values()))})
    run = subprocess.run([chromium, "--headless", "--no-sandbox", "--disable-gpu", "--allow-file-access-from-files",
                          "--font-render-hinting=none", "--virtual-time-budget=120000", "--dump-dom",
                          "file://" + os.path.abspath(page)], capture_output=True, text=True, timeout=900)
    if run.returncode != 0:
        sys.exit("error: chromium failed (exit %d): %s" % (run.returncode, run.stderr.strip()[-500:]))
    dom = run.stdout
    start = dom.find('<pre id="out">')
    end = dom.find("</pre>", start)
    if start < 0 or end < 0:
        sys.exit("error: chromium's page wrote no results")
    out = json.loads(html.unescape(dom[start + len('<pre id="out">'):end]))
    return [[tuple(line) for line in out["c%d" % case["id"]]] for case in cases]


def percentile(values, fraction):
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--labelcat", required=True)
    ap.add_argument("--chromium", default="chromium")
    ap.add_argument("--work", default=os.path.join(".build", "fidelity"))
    ap.add_argument("--count", type=int, default=2000)
    ap.add_argument("--show", type=int, default=5, help="differing cases to print per group")
    args = ap.parse_args()
    os.makedirs(args.work, exist_ok=True)
    cases = corpus(args.count, extract_noto_sc(args.work))
    ours = labelcat_lines(args.labelcat, cases, args.work)
    theirs = chromium_lines(args.chromium, cases, args.work)

    groups = collections.OrderedDict()
    for case, mine, chrome in zip(cases, ours, theirs):
        group = groups.setdefault((case["script"], case["mode"]), {"cases": 0, "same": 0, "errors": [], "diffs": []})
        group["cases"] += 1
        if [line[0] for line in mine] == [line[0] for line in chrome]:
            group["same"] += 1
            group["errors"] += [abs(a[2] - b[2]) for a, b in zip(mine, chrome)]
            worst = max((abs(a[2] - b[2]), a, b) for a, b in zip(mine, chrome)) if mine else None
            if worst and worst[0] > 0.02:
                group.setdefault("outliers", []).append((worst[0], case, worst[1], worst[2]))
        else:
            group["diffs"].append((case, mine, chrome))

    print("labelcat vs Chromium %s — %d cases (seed %d)" % (
        subprocess.run([args.chromium, "--version"], capture_output=True, text=True).stdout.strip(), len(cases), SEED))
    header = ("script", "mode", "cases", "identical breaks", "lines", "width p95 pt", "width max pt")
    rows = [header]
    all_same = all_cases = 0
    all_errors = []
    for (script, mode), group in sorted(groups.items()):
        rows.append((script, mode, str(group["cases"]), "%.2f%%" % (100.0 * group["same"] / group["cases"]),
                     str(len(group["errors"])), "%.4f" % percentile(group["errors"], 0.95),
                     "%.4f" % (max(group["errors"]) if group["errors"] else 0)))
        all_same += group["same"]
        all_cases += group["cases"]
        all_errors += group["errors"]
    rows.append(("all", "", str(all_cases), "%.2f%%" % (100.0 * all_same / max(1, all_cases)), str(len(all_errors)),
                 "%.4f" % percentile(all_errors, 0.95), "%.4f" % (max(all_errors) if all_errors else 0)))
    widths = [max(len(row[i]) for row in rows) for i in range(len(header))]
    for row in rows:
        print("  " + "  ".join(cell.ljust(widths[i]) if i < 2 else cell.rjust(widths[i]) for i, cell in enumerate(row)))
    same_share = 100.0 * all_same / max(1, all_cases)
    p95 = percentile(all_errors, 0.95)
    print("targets:")
    print("  identical line breaks >= 99.5%%   %s  (%.2f%%)" % ("PASS" if same_share >= 99.5 else "FAIL", same_share))
    print("  line width error p95 <= 0.02 pt  %s  (%.4f pt)" % ("PASS" if p95 <= 0.02 else "FAIL", p95))
    for (script, mode), group in sorted(groups.items()):
        for error, case, mine, chrome in sorted(group.get("outliers", []), key=lambda o: -o[0])[:args.show]:
            text = case["text"]
            print("\n%s %s #%d %s %spt: width error %.3f pt on %r: labelcat %.3f, chromium %.3f"
                  % (script, mode, case["id"], case["family"], case["size"], error, text[mine[0]:mine[1]],
                     mine[2], chrome[2]))
        for case, mine, chrome in group["diffs"][:args.show]:
            text = case["text"]
            print("\n%s %s #%d %s %spt width %s locale %r" % (script, mode, case["id"], case["family"], case["size"],
                                                           case["width"], case["locale"]))
            print("  labelcat: " + " | ".join("%s (%.3f)" % (text[s:e].rstrip(), w) for s, e, w in mine))
            print("  chromium: " + " | ".join("%s (%.3f)" % (text[s:e].rstrip(), w) for s, e, w in chrome))
    return 0


if __name__ == "__main__":
    sys.exit(main())
