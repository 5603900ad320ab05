import { kioskDeviceCreateSchema, message, type StatedMessage } from '@ams/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormField } from '@/components/ui/form-field';
import { OptionSelect } from '@/components/ui/option-select';
import { ApiError } from '@/lib/api-client';
import { serverFieldErrors, useZodForm } from '@/lib/form';
import { useNotify } from '@/lib/use-notify';
import { useCompanies } from '../api/get-companies';
import { useRegisterKioskDevice, type KioskRegistration, type RegisteredKiosk } from '../api/register-kiosk-device';
import { SubmitButton } from '@/components/ui/submit-button';

interface Values extends Record<string, unknown> {
  name: string;
  companyId: string;
}

interface KioskRegisterFormProps {
  /** A SuperAdmin names the kiosk's company; an Admin's kiosks belong to their own. */
  chooseCompany: boolean;
  defaultCompanyId: string;
  onRegistered: (registered: RegisteredKiosk) => void;
}

/** The form's values as the API takes them; a SuperAdmin must pick the company. */
function registrationSchema(chooseCompany: boolean): z.ZodType<KioskRegistration> {
  const body = chooseCompany ? kioskDeviceCreateSchema.extend({ companyId: z.uuid(message('companyIsRequired')) }) : kioskDeviceCreateSchema;
  return z.preprocess((input) => {
    const values = input as Values;
    return { name: values.name, companyId: values.companyId || undefined };
  }, body);
}

function CompanyField({ value, error, onChange }: { value: string; error: StatedMessage | undefined; onChange: (companyId: string) => void }) {
  const { t } = useTranslation();
  const companies = useCompanies(true);
  return (
    <FormField label={t('organisation.fields.companyId')} error={error}>
      {(control) => (
        <OptionSelect
          {...control}
          name="companyId"
          value={value}
          options={companies}
          loading={companies.isPending}
          emptyLabel={t('common.choose')}
          onChange={onChange}
        />
      )}
    </FormField>
  );
}

/** Registers a kiosk by name; the answer carries its token, shown once by the caller. */
export function KioskRegisterForm({ chooseCompany, defaultCompanyId, onRegistered }: KioskRegisterFormProps) {
  const { t } = useTranslation();
  const notify = useNotify();
  const register = useRegisterKioskDevice();
  const schema = useMemo(() => registrationSchema(chooseCompany), [chooseCompany]);
  const form = useZodForm<Values, KioskRegistration>(schema, { name: '', companyId: defaultCompanyId }, (body, controls) =>
    register.mutate(body, {
      onSuccess: (registered) => {
        notify.success(t('common.created'));
        controls.setValues({ name: '', companyId: body.companyId ?? '' });
        onRegistered(registered);
      },
      onError: (error) => {
        if (error instanceof ApiError) controls.setErrors(serverFieldErrors(error.fieldErrors));
        notify.failure(error);
      },
    }),
  );
  const { values, errors, setField } = form;
  return (
    <form noValidate onSubmit={form.onSubmit} className="flex flex-col gap-1" data-testid="kiosk-register-form">
      <h3 className="font-semibold">{t('settings.kiosks.registerTitle')}</h3>
      <div className={`grid gap-x-4 ${chooseCompany ? 'md:grid-cols-2' : ''}`}>
        <FormField label={t('settings.kiosks.name')} error={errors.name}>
          {(control) => (
            <input
              {...control}
              name="name"
              className="input w-full"
              placeholder={t('settings.kiosks.namePlaceholder')}
              value={values.name}
              onChange={(event) => setField('name', event.target.value)}
            />
          )}
        </FormField>
        {chooseCompany ? <CompanyField value={values.companyId} error={errors.companyId} onChange={(companyId) => setField('companyId', companyId)} /> : null}
      </div>
      <div className="pt-2">
        <SubmitButton pending={register.isPending}>{t('settings.kiosks.register')}</SubmitButton>
      </div>
    </form>
  );
}
