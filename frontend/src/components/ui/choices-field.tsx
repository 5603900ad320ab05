import type { KeyedFailure } from '@/lib/i18n';
import { FormField } from './form-field';

interface ChoicesFieldProps<Choice extends string> {
  label: string;
  error?: KeyedFailure | undefined;
  name: string;
  value: Choice | '';
  /** The first, empty choice: "Choose…", "Not given". */
  emptyLabel: string;
  choices: readonly Choice[];
  textOf: (choice: Choice) => string;
  onChoose: (choice: Choice | '') => void;
}

/** A form's labelled select of a fixed list (a gender, a status), with its error. */
export function ChoicesField<Choice extends string>({ label, error, name, value, emptyLabel, choices, textOf, onChoose }: ChoicesFieldProps<Choice>) {
  return (
    <FormField label={label} error={error}>
      {(control) => (
        <select {...control} name={name} className="select w-full" value={value} onChange={(event) => onChoose(event.target.value as Choice | '')}>
          <option value="">{emptyLabel}</option>
          {choices.map((choice) => (
            <option key={choice} value={choice}>
              {textOf(choice)}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}
