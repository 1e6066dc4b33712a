/** The captcha answer every guarded form sends: the ALTCHA payload (base64) or the reCAPTCHA token. */
import { z } from 'zod';

const CAPTCHA_MISSING = 'لطفاً کپچا را تأیید کنید.';

export const captchaField = z.string({ error: CAPTCHA_MISSING }).trim().min(1, { error: CAPTCHA_MISSING }).max(10_000);
