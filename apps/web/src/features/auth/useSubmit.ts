/**
 * A form submission: busy while it runs; a failed call shows the server's message as an error
 * toast (000 §8), after `onError` (a failed sign-in refreshes its captcha first).
 */
import { App } from 'antd';
import { useState } from 'react';
import { ApiError } from '../../api/http.ts';

export function useSubmit() {
  const { message } = App.useApp();
  const [submitting, setSubmitting] = useState(false);
  const run = async (action: () => Promise<void>, onError?: () => void) => {
    setSubmitting(true);
    try {
      await action();
    } catch (err) {
      onError?.();
      if (err instanceof ApiError && err.message) message.error(err.message);
    } finally {
      setSubmitting(false);
    }
  };
  return { submitting, run };
}
