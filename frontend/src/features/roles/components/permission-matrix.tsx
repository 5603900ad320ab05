import { actions, resources, type Action, type Permissions, type Resource } from '@ams/contracts';
import { useTranslation } from 'react-i18next';

interface PermissionMatrixProps {
  value: Permissions;
  onChange: (value: Permissions) => void;
  disabled?: boolean;
}

function toggle(value: Permissions, resource: Resource, action: Action, on: boolean): Permissions {
  const current = new Set(value[resource] ?? []);
  if (on) current.add(action);
  else current.delete(action);
  // Kept in the contract's action order so equal roles compare equal.
  return { ...value, [resource]: actions.filter((candidate) => current.has(candidate)) };
}

/** Spec §3 role permissions: one row per area, one column per action. */
export function PermissionMatrix({ value, onChange, disabled = false }: PermissionMatrixProps) {
  const { t } = useTranslation();
  return (
    <div className="overflow-x-auto">
      <table className="table table-sm" data-testid="permission-matrix">
        <caption className="sr-only">{t('roles.permissions')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('roles.area')}</th>
            {actions.map((action) => (
              <th key={action} scope="col" className="text-center">
                {t(`roles.actions.${action}`)}
              </th>
            ))}
            <th scope="col" className="text-center">
              {t('roles.all')}
            </th>
          </tr>
        </thead>
        <tbody>
          {resources.map((resource) => {
            const held = value[resource] ?? [];
            const all = held.length === actions.length;
            return (
              <tr key={resource}>
                <th scope="row" className="font-medium">
                  {t(`roles.resources.${resource}`)}
                </th>
                {actions.map((action) => (
                  <td key={action} className="text-center">
                    <input
                      type="checkbox"
                      className="checkbox checkbox-sm checkbox-primary"
                      checked={held.includes(action)}
                      disabled={disabled}
                      aria-label={t('roles.permissionLabel', { area: t(`roles.resources.${resource}`), action: t(`roles.actions.${action}`) })}
                      data-permission={`${resource}.${action}`}
                      onChange={(event) => onChange(toggle(value, resource, action, event.target.checked))}
                    />
                  </td>
                ))}
                <td className="text-center">
                  <input
                    type="checkbox"
                    className="checkbox checkbox-sm"
                    checked={all}
                    disabled={disabled}
                    aria-label={t('roles.allFor', { area: t(`roles.resources.${resource}`) })}
                    onChange={(event) => onChange({ ...value, [resource]: event.target.checked ? [...actions] : [] })}
                  />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
