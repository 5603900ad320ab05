import { pinIdentifySchema } from '@ams/contracts';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-client';
import { useZodForm } from '@/lib/form';
import { translateKey } from '@/lib/i18n';
import { useIdentifyByCard } from '../api/identify-by-card';
import type { Identified } from '../clock-screen';
import { useKioskRefusal } from '../use-kiosk-refusal';
import { ClockNotice, ContinueButton, KioskForm, KioskPinField } from './kiosk-form-parts';

const pinOnlySchema = pinIdentifySchema.pick({ pin: true });

interface CardPinFormProps {
  card: string;
  notice: string | null;
  onIdentified: (person: Identified) => void;
  /** A wrong PIN: asked again, with the server's words. */
  onRefused: (notice: string) => void;
  /** Anything else (locked out, the clock refused): back to the start, with the server's words. */
  onFailed: (notice: string) => void;
  onCancel: () => void;
}

/** The second step of a card where the company asks for it: the holder's PIN, sent with the card. */
export function CardPinForm({ card, notice, onIdentified, onRefused, onFailed, onCancel }: CardPinFormProps) {
  const { t } = useTranslation();
  const identify = useIdentifyByCard();
  const refusal = useKioskRefusal();
  const form = useZodForm(pinOnlySchema, { pin: '' }, ({ pin }, controls) => {
    identify.mutate(
      { card, pin },
      {
        onSuccess: (answer) => {
          if (!answer.pinRequired) onIdentified(answer);
        },
        onError: (error) => {
          controls.setValues({ pin: '' });
          if (error instanceof ApiError && error.status === 401) onRefused(refusal(error));
          else onFailed(refusal(error));
        },
      },
    );
  });
  return (
    <KioskForm title={translateKey('pinAfterCardRequired')} onSubmit={form.onSubmit} testId="clock-card-pin-form">
      <ClockNotice notice={notice} />
      <KioskPinField {...form.field('pin')} />
      <ContinueButton pending={identify.isPending} />
      <button type="button" className="btn btn-ghost" onClick={onCancel}>
        {t('common.cancel')}
      </button>
    </KioskForm>
  );
}
