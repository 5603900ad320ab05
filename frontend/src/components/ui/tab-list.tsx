interface TabListProps<Name extends string> {
  label: string;
  names: readonly Name[];
  selected: Name;
  onSelect: (name: Name) => void;
  textOf: (name: Name) => string;
  /** Each tab's id and test id: this prefix, then its name. */
  idPrefix: string;
  /** The id of the panel a tab shows. */
  panelOf: (name: Name) => string;
  className?: string;
}

/** A row of tabs, the selected one marked for screen readers; the caller renders the panel. */
export function TabList<Name extends string>({
  label,
  names,
  selected,
  onSelect,
  textOf,
  idPrefix,
  panelOf,
  className = 'tabs tabs-border',
}: TabListProps<Name>) {
  return (
    <div role="tablist" className={className} aria-label={label}>
      {names.map((name) => (
        <button
          key={name}
          type="button"
          role="tab"
          id={`${idPrefix}${name}`}
          aria-controls={panelOf(name)}
          aria-selected={selected === name}
          className={`tab ${selected === name ? 'tab-active' : ''}`}
          onClick={() => onSelect(name)}
          data-testid={`${idPrefix}${name}`}
        >
          {textOf(name)}
        </button>
      ))}
    </div>
  );
}
