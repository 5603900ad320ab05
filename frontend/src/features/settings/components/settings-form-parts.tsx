export interface SettingsSwitchProps {
  name: string;
  label: string;
  hint: string;
  checked: boolean;
  disabled: boolean;
  onChange: (checked: boolean) => void;
  testId?: string;
}

/** One setting that is on or off (a feature a company may turn on, a rule): its name, a line on what it does, and the switch. */
export function SettingsSwitch({ name, label, hint, checked, disabled, onChange, testId }: SettingsSwitchProps) {
  return (
    <label className="flex cursor-pointer items-start justify-between gap-4 py-2">
      <span>
        <span className="block font-medium">{label}</span>
        <span className="text-base-content/70 block text-sm">{hint}</span>
      </span>
      <input
        type="checkbox"
        name={name}
        className="toggle toggle-primary mt-1 shrink-0"
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
        data-testid={testId}
      />
    </label>
  );
}
