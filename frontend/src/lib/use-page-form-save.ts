import { useNavigate } from 'react-router-dom';
import { ApiError } from './api-client';
import { serverFieldErrors, type FieldErrors, type FormControls } from './form';
import { useNotify } from './use-notify';

/**
 * What a page form does once the server answers its save: a failure marks the fields it names and the form, and is
 * announced; a success is announced with its message and goes back to the list.
 */
export function usePageFormSave(backTo: string) {
  const navigate = useNavigate();
  const notify = useNotify();
  return ({ setErrors }: Pick<FormControls<unknown>, 'setErrors'>) => ({
    onError: (error: Error) => {
      const fields: FieldErrors = error instanceof ApiError ? serverFieldErrors(error.fieldErrors) : {};
      setErrors({ ...fields, '': error });
      notify.failure(error);
    },
    onSuccess: (message: string) => () => {
      notify.success(message);
      void navigate(backTo);
    },
  });
}
