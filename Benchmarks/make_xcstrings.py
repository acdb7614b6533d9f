#!/usr/bin/env python3
"""Writes a String Catalog (.xcstrings) as Xcode formats them, for import benchmarks.

    python3 Benchmarks/make_xcstrings.py --keys 100000 --locales 10 --out .build/bench/Big.xcstrings

Every key has a text in each locale; one key in ten varies by plural (one/other), one in fifty
by device (iphone/ipad/other), one in a hundred has a substitution. Texts are deterministic
(seeded), of realistic lengths, in the scripts of their locales.
"""
import argparse
import json
import random

LOCALES = ["en", "de", "fr", "es", "it", "ja", "zh-Hans", "ko", "ru", "ar", "pt-BR", "nl", "sv", "pl", "tr", "he"]
WORDS = {
    "en": "account settings sign in continue cancel message photo share profile notification privacy".split(),
    "de": "Konto Einstellungen anmelden weiter abbrechen Nachricht Foto teilen Profil Mitteilung Datenschutz".split(),
    "fr": "compte réglages connexion continuer annuler message photo partager profil notification confidentialité".split(),
    "es": "cuenta ajustes iniciar continuar cancelar mensaje foto compartir perfil notificación privacidad".split(),
    "it": "account impostazioni accedi continua annulla messaggio foto condividi profilo notifica privacy".split(),
    "ja": "アカウント 設定 サインイン 続ける キャンセル メッセージ 写真 共有 プロフィール 通知".split(),
    "zh-Hans": "账户 设置 登录 继续 取消 信息 照片 共享 个人资料 通知".split(),
    "ko": "계정 설정 로그인 계속 취소 메시지 사진 공유 프로필 알림".split(),
    "ru": "учётная запись настройки войти продолжить отменить сообщение фото поделиться профиль".split(),
    "ar": "الحساب الإعدادات تسجيل متابعة إلغاء رسالة صورة مشاركة الملف إشعار".split(),
}


def text(rng, locale, count):
    vocabulary = WORDS.get(locale) or WORDS.get(locale.split("-")[0]) or WORDS["en"]
    separator = "" if locale in ("ja", "zh-Hans") else " "
    return separator.join(rng.choice(vocabulary) for _ in range(count))


def unit(value, state="translated"):
    return {"stringUnit": {"state": state, "value": value}}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--keys", type=int, default=100000)
    parser.add_argument("--locales", type=int, default=10)
    parser.add_argument("--out", required=True)
    parser.add_argument("--seed", type=int, default=14)
    arguments = parser.parse_args()
    rng = random.Random(arguments.seed)
    locales = LOCALES[: arguments.locales]
    strings = {}
    for index in range(arguments.keys):
        key = f"screen{index // 50}.item{index}.title"
        localizations = {}
        for locale in locales:
            length = rng.randint(1, 8)
            if index % 10 == 3:
                localizations[locale] = {"variations": {"plural": {
                    "one": unit("%lld " + text(rng, locale, length)),
                    "other": unit("%lld " + text(rng, locale, length + 1)),
                }}}
            elif index % 50 == 7:
                localizations[locale] = {"variations": {"device": {
                    "iphone": unit(text(rng, locale, length)),
                    "ipad": unit(text(rng, locale, length + 2)),
                    "other": unit(text(rng, locale, length + 1)),
                }}}
            elif index % 100 == 9:
                localizations[locale] = {
                    "stringUnit": {"state": "translated", "value": text(rng, locale, 2) + " %#@count@"},
                    "substitutions": {"count": {"argNum": 1, "formatSpecifier": "lld", "variations": {"plural": {
                        "one": unit("%arg " + text(rng, locale, 1)),
                        "other": unit("%arg " + text(rng, locale, 2)),
                    }}}},
                }
            else:
                state = "needs_review" if rng.random() < 0.05 else "translated"
                localizations[locale] = unit(text(rng, locale, length), state)
        entry = {"extractionState": "manual", "localizations": localizations}
        if index % 7 == 0:
            entry = {"comment": f"Shown on screen {index // 50}", **entry}
        strings[key] = entry
    catalog = {"sourceLanguage": "en", "strings": strings, "version": "1.0"}
    with open(arguments.out, "w", encoding="utf-8") as out:
        # Xcode's layout: two-space indent, " : " between key and value, keys sorted.
        out.write(json.dumps(catalog, indent=2, ensure_ascii=False, sort_keys=True, separators=(",", " : ")))


if __name__ == "__main__":
    main()
