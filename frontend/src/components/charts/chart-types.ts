export interface ChartSeries {
  label: string;
  values: readonly number[];
}

export interface ChartProps {
  type: 'bar' | 'line' | 'doughnut';
  /** Says what the chart shows; it names the drawing for screen readers. */
  caption: string;
  labels: readonly string[];
  series: readonly ChartSeries[];
  /** Bars side by side (default) or stacked. */
  stacked?: boolean;
  /** Horizontal bars: long labels (employee names) read better down the side. */
  horizontal?: boolean;
  testId?: string;
}
