// The live call-quality indicator of the Active Call modal: the level in words with bars beside it (not colour
// alone), the hint the user can act on, and the latest figures. Only the level and the hint are in the polite live
// region: a screen reader hears when they change, not every second's sample.
import type { CallQuality, QualityLevel } from '../../calling/calling-state.ts';
import { cn } from '@ringwise/ui/cn';

export const qualityLabels: Record<QualityLevel, string> = { good: 'Good', fair: 'Fair', poor: 'Poor' };
const filledBars: Record<QualityLevel, number> = { good: 3, fair: 2, poor: 1 };
const barColour: Record<QualityLevel, string> = { good: 'dl:bg-emerald-600', fair: 'dl:bg-amber-500', poor: 'dl:bg-red-600' };

/** "MOS 4.3 · 45 ms round trip · 3 ms jitter · 0% loss", for whoever wants the figures. */
export function qualityFigures(quality: CallQuality): string | null {
  if (quality.mos === null && quality.rttMs === null) return null;
  return [
    quality.mos !== null ? `MOS ${quality.mos.toFixed(1)}` : null,
    quality.rttMs !== null ? `${quality.rttMs} ms round trip` : null,
    quality.jitterMs !== null ? `${quality.jitterMs} ms jitter` : null,
    quality.packetLossPercent !== null ? `${quality.packetLossPercent}% loss` : null,
  ]
    .filter(Boolean)
    .join(' · ');
}

export function CallQualityIndicator({ quality }: { quality: CallQuality | null }) {
  const figures = quality ? qualityFigures(quality) : null;
  return (
    <div className="dl:flex dl:w-full dl:flex-col dl:items-center dl:gap-1" data-testid="call-quality">
      <p role="status" aria-live="polite" aria-atomic="true" className="dl:flex dl:max-w-full dl:flex-wrap dl:items-center dl:justify-center dl:gap-x-2 dl:text-sm">
        {quality ? (
          <>
            <span className="dl:inline-flex dl:items-center dl:gap-1.5 dl:font-medium">
              <span aria-hidden className="dl:inline-flex dl:h-3.5 dl:items-end dl:gap-0.5">
                {[1, 2, 3].map((bar) => (
                  <span
                    key={bar}
                    className={cn('dl:w-1 dl:rounded-sm', bar <= filledBars[quality.level] ? barColour[quality.level] : 'dl:bg-muted', ['dl:h-1.5', 'dl:h-2.5', 'dl:h-3.5'][bar - 1])}
                  />
                ))}
              </span>
              Call quality: {qualityLabels[quality.level]}
            </span>
            {quality.hint ? <span className="dl:text-balance">{quality.hint}</span> : null}
          </>
        ) : null}
      </p>
      {figures ? <p className="dl:text-xs dl:text-muted-foreground dl:tabular-nums">{figures}</p> : null}
    </div>
  );
}
