interface SearchFieldProps {
  /** The field's name for assistive technology, also shown as its placeholder. */
  label: string;
  value: string;
  onValue: (value: string) => void;
  className?: string;
  testId?: string;
}

/** A list's quick search box. */
export function SearchField({ label, value, onValue, className = 'w-full', testId }: SearchFieldProps) {
  return (
    <label className={`input ${className}`}>
      <span className="sr-only">{label}</span>
      <input type="search" placeholder={label} value={value} onChange={(event) => onValue(event.target.value)} data-testid={testId} />
    </label>
  );
}
