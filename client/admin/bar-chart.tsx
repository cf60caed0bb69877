import { useId } from 'react';

export type Bar = { key: string; label: string; value: number; title: string };

const HEIGHT = 160;
const LABEL_H = 28;
const GAP = 4;

/**
 * A bar chart in plain SVG: one bar per item, scaled to the largest, labelled under the bars (every
 * few when they are many). The picture has a text summary for screen readers, and each bar its
 * value as a tooltip.
 */
export function BarChart({
  title,
  summary,
  bars,
  empty,
}: {
  title: string;
  summary: string;
  bars: readonly Bar[];
  /** What the chart says instead when there is nothing to draw yet. */
  empty: string;
}) {
  const id = useId();
  if (bars.length === 0) {
    return (
      <figure className="console-chart">
        <figcaption>{title}</figcaption>
        <p className="console-muted">{empty}</p>
      </figure>
    );
  }
  const max = Math.max(1, ...bars.map((b) => b.value));
  const slot = Math.max(12, Math.min(48, 720 / Math.max(1, bars.length)));
  const width = Math.max(240, bars.length * slot);
  const labelEvery = Math.ceil(bars.length / Math.floor(width / 64));
  return (
    <figure className="console-chart">
      <figcaption id={`${id}-title`}>{title}</figcaption>
      <div className="console-chart__scroll">
        <svg
          viewBox={`0 0 ${width} ${HEIGHT + LABEL_H}`}
          width={width}
          height={HEIGHT + LABEL_H}
          role="img"
          aria-labelledby={`${id}-title ${id}-summary`}
        >
          <title>{title}</title>
          <line x1="0" x2={width} y1={HEIGHT} y2={HEIGHT} className="console-chart__axis" />
          {bars.map((bar, i) => {
            const h = Math.round((bar.value / max) * (HEIGHT - 16));
            const x = i * slot + GAP / 2;
            return (
              <g key={bar.key}>
                <rect x={x} y={HEIGHT - h} width={slot - GAP} height={h} rx="2" className="console-chart__bar">
                  <title>{bar.title}</title>
                </rect>
                {i % labelEvery === 0 && (
                  <text x={x + (slot - GAP) / 2} y={HEIGHT + 18} textAnchor="middle" className="console-chart__label">
                    {bar.label}
                  </text>
                )}
              </g>
            );
          })}
        </svg>
      </div>
      <p id={`${id}-summary`} className="console-chart__summary">
        {summary}
      </p>
    </figure>
  );
}
