import type { z } from 'zod';
import { toPersianDigits } from './persian';

/**
 * Persian wording for zod's issues, so every 422 reads naturally to the shopper.
 * Passed per parse (not globally) so start-up configuration errors stay in English for operators.
 */
export const persianErrorMap: z.core.$ZodErrorMap = (issue) => {
  const n = (v: unknown) => toPersianDigits(String(v));
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return 'لطفاً این فیلد را پر کنید.';
      if (issue.expected === 'number' || issue.expected === 'int') return 'باید یک عدد باشد.';
      if (issue.expected === 'boolean') return 'باید بله یا خیر باشد.';
      if (issue.expected === 'array') return 'باید فهرستی از مقادیر باشد.';
      return 'مقدار واردشده معتبر نیست.';
    case 'too_small':
      if (issue.origin === 'string') {
        return Number(issue.minimum) <= 1 ? 'لطفاً این فیلد را پر کنید.' : `دست‌کم ${n(issue.minimum)} نویسه لازم است.`;
      }
      if (issue.origin === 'array') return `دست‌کم ${n(issue.minimum)} مورد لازم است.`;
      return `نباید کمتر از ${n(issue.minimum)} باشد.`;
    case 'too_big':
      if (issue.origin === 'string') return `حداکثر ${n(issue.maximum)} نویسه مجاز است.`;
      if (issue.origin === 'array') return `حداکثر ${n(issue.maximum)} مورد مجاز است.`;
      return `نباید بیشتر از ${n(issue.maximum)} باشد.`;
    case 'invalid_value':
      return `مقدار مجاز نیست؛ یکی از این‌ها را بفرستید: ${issue.values.map(String).join('، ')}`;
    case 'invalid_format':
      if (issue.format === 'email') return 'نشانی ایمیل معتبر نیست.';
      if (issue.format === 'url') return 'نشانی اینترنتی معتبر نیست.';
      return 'قالب مقدار واردشده درست نیست.';
    case 'not_multiple_of':
      return `باید مضربی از ${n(issue.divisor)} باشد.`;
    case 'unrecognized_keys':
      return `این فیلدها شناخته نشدند: ${issue.keys.join('، ')}`;
    default:
      return issue.message ?? 'مقدار واردشده معتبر نیست.';
  }
};
