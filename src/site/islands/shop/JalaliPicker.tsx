/**
 * Jalali date with time (spec §9 "Date picker: Jalali with time"): day, month and year lists, then the
 * hour (00–23) and minute as lists too. A browser's own time field follows the browser's language (a
 * 12-hour "AM/PM" clock in Latin digits on a Persian page), so the picker draws the clock itself, in
 * the page's digits and month names.
 */
import { gregorianToJalali, JALALI_MONTHS, JALALI_MONTHS_EN, jalaliMonthLength, type JalaliDate } from '../../../lib/jalali';

export function todayJalali(): JalaliDate {
  const tehran = new Date(Date.now() + 3.5 * 3_600_000);
  return gregorianToJalali(tehran.getUTCFullYear(), tehran.getUTCMonth() + 1, tehran.getUTCDate());
}

interface Props {
  value: JalaliDate;
  time: string;
  onChange(value: JalaliDate, time: string): void;
  idPrefix: string;
  timeLabel: string;
  locale?: 'fa' | 'en' | 'ru';
}

const LABELS = {
  fa: { day: 'روز', month: 'ماه', year: 'سال', hour: 'ساعت', minute: 'دقیقه' },
  en: { day: 'Day', month: 'Month', year: 'Year', hour: 'Hour', minute: 'Minute' },
};

export function JalaliPicker({ value, time, onChange, idPrefix, timeLabel, locale = 'fa' }: Props) {
  const fa = locale === 'fa';
  const words = fa ? LABELS.fa : LABELS.en;
  const months = fa ? JALALI_MONTHS : JALALI_MONTHS_EN;
  const thisYear = todayJalali().jy;
  const days = jalaliMonthLength(value.jy, value.jm);
  const set = (patch: Partial<JalaliDate>) => {
    const next = { ...value, ...patch };
    next.jd = Math.min(next.jd, jalaliMonthLength(next.jy, next.jm));
    onChange(next, time);
  };
  const digits = new Intl.NumberFormat(fa ? 'fa-IR' : 'en-US', { useGrouping: false, minimumIntegerDigits: 1 });
  const twoDigits = new Intl.NumberFormat(fa ? 'fa-IR' : 'en-US', { useGrouping: false, minimumIntegerDigits: 2 });
  const [hour = '10', minute = '00'] = time.split(':');
  const setTime = (h: string, m: string) => onChange(value, `${h.padStart(2, '0')}:${m.padStart(2, '0')}`);
  return (
    <span className="jalali-picker" dir={fa ? 'rtl' : 'ltr'}>
      <select id={`${idPrefix}-day`} aria-label={words.day} value={value.jd} onChange={(e) => set({ jd: Number(e.target.value) })}>
        {Array.from({ length: days }, (_, i) => (
          <option key={i} value={i + 1}>
            {digits.format(i + 1)}
          </option>
        ))}
      </select>
      <select id={`${idPrefix}-month`} aria-label={words.month} value={value.jm} onChange={(e) => set({ jm: Number(e.target.value) })}>
        {months.map((m, i) => (
          <option key={m} value={i + 1}>
            {m}
          </option>
        ))}
      </select>
      <select id={`${idPrefix}-year`} aria-label={words.year} value={value.jy} onChange={(e) => set({ jy: Number(e.target.value) })}>
        {[thisYear - 1, thisYear].map((y) => (
          <option key={y} value={y}>
            {digits.format(y)}
          </option>
        ))}
      </select>
      <span className="jalali-picker__time" role="group" aria-label={timeLabel} dir="ltr">
        <select id={`${idPrefix}-hour`} aria-label={words.hour} value={Number(hour)} onChange={(e) => setTime(e.target.value, minute)}>
          {Array.from({ length: 24 }, (_, h) => (
            <option key={h} value={h}>
              {twoDigits.format(h)}
            </option>
          ))}
        </select>
        <span aria-hidden="true">:</span>
        <select id={`${idPrefix}-minute`} aria-label={words.minute} value={Number(minute)} onChange={(e) => setTime(hour, e.target.value)}>
          {Array.from({ length: 60 }, (_, m) => (
            <option key={m} value={m}>
              {twoDigits.format(m)}
            </option>
          ))}
        </select>
      </span>
    </span>
  );
}
