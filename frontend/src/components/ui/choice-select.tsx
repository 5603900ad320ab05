/** Where a choice's label stands: above it in a form, above it in a side panel, or only for screen readers in a bar. */
const layouts = {
  field: { label: 'fieldset', text: 'fieldset-legend text-sm font-medium', select: 'select w-full' },
  panel: { label: 'flex flex-col gap-2', text: 'font-medium', select: 'select w-full' },
  bar: { label: 'flex items-center', text: 'sr-only', select: 'select select-sm w-auto' },
} as const;

interface ChoiceSelectProps<Choice extends string> {
  label: string;
  layout: keyof typeof layouts;
  value: Choice;
  choices: readonly Choice[];
  /** A choice's text in the list. */
  textOf: (choice: Choice) => string;
  onChoose: (choice: Choice) => void;
  testId: string;
}

/** A labelled select of a fixed list of choices (a language, a theme setting) that applies at once. */
export function ChoiceSelect<Choice extends string>({ label, layout, value, choices, textOf, onChoose, testId }: ChoiceSelectProps<Choice>) {
  const classes = layouts[layout];
  return (
    <label className={classes.label}>
      <span className={classes.text}>{label}</span>
      <select className={classes.select} value={value} data-testid={testId} onChange={(event) => onChoose(event.target.value as Choice)}>
        {choices.map((choice) => (
          <option key={choice} value={choice}>
            {textOf(choice)}
          </option>
        ))}
      </select>
    </label>
  );
}
