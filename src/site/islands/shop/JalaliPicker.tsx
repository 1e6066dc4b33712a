/** Jalali date with time (spec §9 "Date picker: Jalali with time"): year, month and day lists plus a time field. */
import { gregorianToJalali, JALALI_MONTHS, jalaliMonthLength, type JalaliDate } from '../../../lib/jalali';

export function todayJalali(): JalaliDate {
  const tehran = new Date(Date.now() + 3.5 * 3_600_000);
  return gregorianToJalali(tehran.getUTCFullYear(), tehran.getUTCMonth() + 1, tehran.getUTCDate());
}

interface Props { value: JalaliDate; time: string; onChange(value: JalaliDate, time: string): void; idPrefix: string; timeLabel: string }

export function JalaliPicker({ value, time, onChange, idPrefix, timeLabel }: Props) {
  const thisYear = todayJalali().jy;
  const days = jalaliMonthLength(value.jy, value.jm);
  const set = (patch: Partial<JalaliDate>) => {
    const next = { ...value, ...patch };
    next.jd = Math.min(next.jd, jalaliMonthLength(next.jy, next.jm));
    onChange(next, time);
  };
  const fa = (n: number) => new Intl.NumberFormat('fa-IR', { useGrouping: false }).format(n);
  return (
    <span className="jalali-picker" dir="rtl">
      <select id={`${idPrefix}-day`} aria-label="روز" value={value.jd} onChange={(e) => set({ jd: Number(e.target.value) })}>
        {Array.from({ length: days }, (_, i) => <option key={i} value={i + 1}>{fa(i + 1)}</option>)}
      </select>
      <select id={`${idPrefix}-month`} aria-label="ماه" value={value.jm} onChange={(e) => set({ jm: Number(e.target.value) })}>
        {JALALI_MONTHS.map((m, i) => <option key={m} value={i + 1}>{m}</option>)}
      </select>
      <select id={`${idPrefix}-year`} aria-label="سال" value={value.jy} onChange={(e) => set({ jy: Number(e.target.value) })}>
        {[thisYear - 1, thisYear].map((y) => <option key={y} value={y}>{fa(y)}</option>)}
      </select>
      <input id={`${idPrefix}-time`} type="time" aria-label={timeLabel} value={time} onChange={(e) => onChange(value, e.target.value)} />
    </span>
  );
}
