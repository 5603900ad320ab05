import { lazy, Suspense } from 'react';
import { Spinner } from '@/components/ui/spinner';
import type { ChartProps } from './chart-types';

export type { ChartProps, ChartSeries } from './chart-types';

// Chart.js loads with the first page that draws a chart, never with the shell (bench/frontend.ts measures it).
const ChartCanvas = lazy(async () => ({ default: (await import('./chart-canvas')).ChartCanvas }));

/**
 * A bar, line or doughnut chart drawn by Chart.js. Its text alternative is the caption (the canvas's name) and
 * the table the page shows beside it, so the figures are never only in pixels.
 */
export function Chart(props: ChartProps) {
  return (
    <figure className="bg-base-100 rounded-box flex min-w-0 flex-col gap-2 p-4 break-inside-avoid" data-testid={props.testId}>
      <figcaption className="font-semibold">{props.caption}</figcaption>
      <div className="relative h-64 w-full min-w-0">
        <Suspense fallback={<Spinner />}>
          <ChartCanvas {...props} />
        </Suspense>
      </div>
    </figure>
  );
}
