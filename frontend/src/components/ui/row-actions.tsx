import { Link } from 'react-router-dom';

// A table row's links and buttons: small and quiet, named for their row (every row has an "Edit").
interface RowAction {
  label: string;
  /** The accessible name, which names the row. */
  name?: string;
}

export function RowLink({ to, label, name }: RowAction & { to: string }) {
  return (
    <Link to={to} className="btn btn-ghost btn-sm" aria-label={name}>
      {label}
    </Link>
  );
}

/** `danger`: the action removes or ends the row (delete, revoke, end). */
export function RowButton({ label, name, onClick, danger = false }: RowAction & { onClick: () => void; danger?: boolean }) {
  return (
    <button type="button" className={danger ? 'btn btn-ghost btn-sm text-error' : 'btn btn-ghost btn-sm'} onClick={onClick} aria-label={name}>
      {label}
    </button>
  );
}
