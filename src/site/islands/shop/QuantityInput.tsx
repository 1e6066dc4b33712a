/**
 * The quantity field of spec §5: empty allowed, anything not a number becomes the minimum, steps of
 * minimumPurchase clamped into range, and + / − repeat when held (after 300 ms, every 50 ms).
 */
import { useEffect, useRef } from 'react';
import { parseQuantityInput, stepQuantity } from '../../../lib/quantity';
import { buyTexts, type ShopLocale } from './buy-texts';

export const HOLD_DELAY_MS = 300;
export const HOLD_REPEAT_MS = 50;

interface Props {
  value: number | '';
  minimumPurchase: number;
  onChange(value: number | ''): void;
  locale: ShopLocale;
  id?: string;
  max?: number;
}

export function QuantityInput({ value, minimumPurchase, onChange, locale, id, max }: Props) {
  const t = buyTexts(locale);
  const latest = useRef(value);
  latest.current = value;
  const timers = useRef<{ delay?: ReturnType<typeof setTimeout>; repeat?: ReturnType<typeof setInterval> }>({});
  const stop = () => {
    clearTimeout(timers.current.delay);
    clearInterval(timers.current.repeat);
  };
  useEffect(() => stop, []);
  const step = (direction: 1 | -1) => {
    const next = stepQuantity(latest.current, direction, { minimumPurchase }, max);
    latest.current = next;
    onChange(next);
  };
  const press = (direction: 1 | -1) => {
    stop();
    step(direction);
    timers.current.delay = setTimeout(() => {
      timers.current.repeat = setInterval(() => step(direction), HOLD_REPEAT_MS);
    }, HOLD_DELAY_MS);
  };
  const button = (direction: 1 | -1, label: string, sign: string) => (
    <button
      type="button"
      className="qty__button"
      aria-label={label}
      onPointerDown={(e) => {
        e.preventDefault();
        press(direction);
      }}
      onPointerUp={stop}
      onPointerLeave={stop}
      onPointerCancel={stop}
      onKeyDown={(e) => {
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault();
          step(direction);
        }
      }}
    >
      {sign}
    </button>
  );
  return (
    <span className="qty">
      {button(-1, t.decrease, '−')}
      <input
        id={id}
        className="qty__input"
        inputMode="numeric"
        aria-label={t.quantity}
        value={value === '' ? '' : String(value)}
        onChange={(e) => onChange(parseQuantityInput(e.target.value, { minimumPurchase }, max))}
      />
      {button(1, t.increase, '+')}
    </span>
  );
}
