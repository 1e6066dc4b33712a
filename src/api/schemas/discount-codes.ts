/** Discount codes: the staff console's create/list shapes and the cart's apply body. */
import { z } from 'zod';
import { MAX_DISCOUNT_PERCENT } from '../../lib/discount';
import { DISCOUNT_CODE_PATTERN, normaliseDiscountCode } from '../../lib/discount-code';

const when = z.iso.datetime({ offset: true, error: 'زمان باید به شکل ISO 8601 باشد.' }).transform((v) => new Date(v));

export const discountCodeField = z
  .string({ error: 'کد تخفیف را وارد کنید.' })
  .max(64)
  .transform(normaliseDiscountCode)
  .pipe(
    z
      .string()
      .min(1, { error: 'کد تخفیف را وارد کنید.' })
      .regex(DISCOUNT_CODE_PATTERN, { error: 'کد تخفیف فقط حروف و ارقام انگلیسی، خط تیره و زیرخط است (۳ تا ۳۲ نویسه).' }),
  );

export const discountCodeBodySchema = z
  .object({
    code: discountCodeField,
    percent: z
      .number({ error: 'درصد تخفیف باید عدد باشد.' })
      .int({ error: 'درصد تخفیف باید عدد صحیح باشد.' })
      .min(1, { error: 'درصد تخفیف دست‌کم ۱ است.' })
      .max(MAX_DISCOUNT_PERCENT, { error: `درصد تخفیف حداکثر ${MAX_DISCOUNT_PERCENT} است.` }),
    startsAt: when.nullable().optional(),
    endsAt: when.nullable().optional(),
    usageLimit: z.number().int().min(1, { error: 'سقف استفاده دست‌کم ۱ است.' }).max(1_000_000).nullable().optional(),
  })
  .refine((b) => !b.startsAt || !b.endsAt || b.startsAt < b.endsAt, { error: 'پایان اعتبار باید بعد از آغاز آن باشد.', path: ['endsAt'] });
export type DiscountCodeBody = z.output<typeof discountCodeBodySchema>;

export const discountCodeViewSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  percent: z.number().int(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  usageLimit: z.number().int().nullable(),
  usedCount: z.number().int(),
  createdAt: z.string(),
  status: z.enum(['active', 'not_started', 'expired', 'used_up']),
});
export type DiscountCodeView = z.infer<typeof discountCodeViewSchema>;

export const cartDiscountBodySchema = z.object({ code: discountCodeField });
