/**
 * A ref callback that moves focus to the element when it appears: a step that replaces the controls the user was
 * on (the kiosk's result after its buttons) would otherwise drop focus to the page's body. Give the element
 * tabIndex={-1} when it is not a control.
 */
export function focusOnMount(element: HTMLElement | null): void {
  element?.focus();
}

/** A ref callback for a form that puts the cursor in its first field when the form appears (the kiosk's start again). */
export function focusFirstFieldOnMount(form: HTMLFormElement | null): void {
  form?.querySelector<HTMLInputElement>('input:not([type=hidden])')?.focus();
}
