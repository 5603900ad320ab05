import type { ReactNode } from 'react';

/**
 * The filters above a list or report: as many columns as fit, each at least wide enough for a date
 * field's label, whole placeholder and calendar button (fixed column counts squeezed them on laptops).
 */
export function FilterBar({ children, testId, hideInPrint = false }: { children: ReactNode; testId?: string; hideInPrint?: boolean }) {
  return (
    <div
      className="grid grid-cols-[repeat(auto-fill,minmax(min(100%,16rem),1fr))] items-start gap-3"
      data-testid={testId}
      {...(hideInPrint ? { 'data-print': 'hide' } : {})}
    >
      {children}
    </div>
  );
}
