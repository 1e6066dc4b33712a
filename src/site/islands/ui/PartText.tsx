/**
 * Text that may hold a part number. In Persian pages every Latin run (maker name, part number,
 * package) is one isolated left-to-right run (src/lib/latin-runs.ts); same output as PartText.astro.
 */
import { latinRuns } from '../../../lib/latin-runs';
import type { Locale } from './locale';

export default function PartText({ text, partNumber = '', locale }: { text: string; partNumber?: string; locale: Locale }) {
  if (locale !== 'fa') return <>{text}</>;
  return (
    <>
      {latinRuns(text, partNumber).map((r, i) =>
        r.ltr ? (
          <bdi key={i} dir="ltr">
            {r.segments.map((s, j) =>
              s.partNumber ? (
                <span key={j} className="pn-run">
                  {s.text}
                </span>
              ) : (
                s.text
              ),
            )}
          </bdi>
        ) : (
          r.text
        ),
      )}
    </>
  );
}
