import type { Employee } from '@ams/contracts';
import { useState } from 'react';
import { initialsOf } from '../format';

const sizes = { sm: 'size-9 text-sm', lg: 'size-40 text-4xl' } as const;

/**
 * The photo (the thumbnail in lists), served by the API: the session cookie carries the credentials an
 * <img> cannot send as a header. Initials stand in without a photo or when it does not load.
 */
export function EmployeeAvatar({
  employee,
  size = 'sm',
}: {
  employee: Pick<Employee, 'firstName' | 'lastName' | 'image' | 'thumbnail'>;
  size?: keyof typeof sizes;
}) {
  const source = size === 'lg' ? employee.image : employee.thumbnail;
  const [failed, setFailed] = useState<string | null>(null);
  const shown = source !== null && failed !== source;
  return (
    <div className={`avatar shrink-0 ${shown ? '' : 'avatar-placeholder'}`}>
      <div className={`${sizes[size]} rounded-box bg-neutral text-neutral-content`}>
        {shown ? (
          <img src={source} alt="" data-testid="employee-photo" onError={() => setFailed(source)} />
        ) : (
          <span aria-hidden="true">{initialsOf(employee.firstName, employee.lastName)}</span>
        )}
      </div>
    </div>
  );
}
