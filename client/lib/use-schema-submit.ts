import type { MutateOptions, UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import type { z } from 'zod';
import { zodFields } from '../../contract/errors';
import { errorFields } from './api';

/**
 * The one way a form submits. What it would send is first checked against the contract schema the server checks
 * it with: a failure shows the same messages beside the fields, and nothing is sent; otherwise the mutation runs,
 * and the server's own field messages (or its one sentence, as `error`) show in the same places. The values are
 * sent as typed: the server applies the schema's trimming and defaults itself.
 */
export function useSchemaSubmit<S extends z.ZodType, TResult, TVariables extends z.input<S>>(
  schema: S,
  mutation: UseMutationResult<TResult, unknown, TVariables>,
) {
  const [local, setLocal] = useState<Record<string, string> | null>(null);
  /**
   * Checks and sends values built loosely (a select's string, a body of typed fields): the schema's check is what
   * makes them the mutation's input, so no cast is needed at the form.
   */
  const submitValues = (values: unknown, options?: MutateOptions<TResult, unknown, TVariables>) => {
    const checked = schema.safeParse(values);
    if (!checked.success) {
      setLocal(zodFields(checked.error));
      mutation.reset();
      return false;
    }
    setLocal(null);
    // The input passed the schema whose input type TVariables is: it is one.
    mutation.mutate(values as TVariables, options);
    return true;
  };
  const submit = (values: TVariables, options?: MutateOptions<TResult, unknown, TVariables>) =>
    submitValues(values, options);
  return {
    submit,
    submitValues,
    /** Field messages by dotted path: the form's own check, else the server's answer. */
    fields: local ?? errorFields(mutation.error),
    /** The server's failure, for the form's one-sentence alert (none while the form's own check fails). */
    error: local ? null : mutation.error,
    isPending: mutation.isPending,
    isSuccess: mutation.isSuccess,
    data: mutation.data,
  };
}
