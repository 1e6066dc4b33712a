/**
 * The spec's captcha outcomes (§5: "Confirm recaptcha", "Invalid Recaptcha", "Recaptcha Expired"), in
 * Persian as the API answers them; the English wording is kept for the storefront's other languages.
 */
export const CAPTCHA_MESSAGES = {
  missing: { fa: 'لطفاً کپچا را تأیید کنید.', en: 'Confirm recaptcha' },
  invalid: { fa: 'کپچا نامعتبر است؛ لطفاً دوباره تأیید کنید.', en: 'Invalid Recaptcha' },
  expired: { fa: 'زمان کپچا گذشته است؛ لطفاً دوباره تأیید کنید.', en: 'Recaptcha Expired' },
  unavailable: { fa: 'بررسی کپچا ممکن نشد؛ لطفاً چند لحظه دیگر دوباره تلاش کنید.', en: 'ReCaptcha error: Failed to execute' },
} as const;

export type CaptchaOutcome = 'ok' | Exclude<keyof typeof CAPTCHA_MESSAGES, 'missing'>;
