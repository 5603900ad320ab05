import {
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  Chart as ChartJs,
  DoughnutController,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
  type ChartConfiguration,
} from 'chart.js';
import { useEffect, useRef } from 'react';
import type { ChartProps } from './chart-types';

// Only the controllers and elements the reports draw (the rest of Chart.js is tree-shaken away).
ChartJs.register(
  BarController,
  BarElement,
  LineController,
  LineElement,
  PointElement,
  DoughnutController,
  ArcElement,
  CategoryScale,
  LinearScale,
  Legend,
  Tooltip,
);

// Colours that keep 3:1 against both the light and the dark container (WCAG 1.4.11).
const palette = ['#2a85ff', '#0caf60', '#f59e0b', '#d92d20', '#8b5cf6', '#ec4899', '#14b8a6', '#64748b'];

function themeInk(canvas: HTMLCanvasElement): string {
  return getComputedStyle(canvas).color || '#1f2937';
}

export function ChartCanvas({ type, caption, labels, series, stacked = false, horizontal = false }: ChartProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    const ink = themeInk(element);
    const doughnut = type === 'doughnut';
    const config: ChartConfiguration = {
      type,
      data: {
        labels: [...labels],
        datasets: series.map((entry, index) => ({
          label: entry.label,
          data: [...entry.values],
          backgroundColor: doughnut ? labels.map((_, at) => palette[at % palette.length] ?? '#2a85ff') : (palette[index % palette.length] ?? '#2a85ff'),
          borderColor: doughnut ? 'transparent' : (palette[index % palette.length] ?? '#2a85ff'),
        })),
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        color: ink,
        ...(doughnut
          ? {}
          : {
              indexAxis: horizontal ? 'y' : 'x',
              scales: {
                x: { stacked, ticks: { color: ink }, grid: { color: 'rgba(128,128,128,0.2)' } },
                y: { stacked, beginAtZero: true, ticks: { color: ink }, grid: { color: 'rgba(128,128,128,0.2)' } },
              },
            }),
        plugins: { legend: { labels: { color: ink } } },
      },
    };
    const chart = new ChartJs(element, config);
    return () => chart.destroy();
  }, [type, labels, series, stacked, horizontal]);
  return (
    <canvas ref={canvas} role="img" aria-label={caption} className="text-base-content">
      {caption}
    </canvas>
  );
}
