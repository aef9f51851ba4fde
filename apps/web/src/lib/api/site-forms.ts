import { endpoints } from '@chamber/contract/endpoints';
import type { ContactMessage, Nomination } from '@chamber/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from './client';

/** The server's answer to a native form: 201 { message }. */
export interface SubmissionAccepted {
  message: string;
}

/** POST /site/contact: the native contact form, stored and mailed to the chamber. */
export function sendContactMessage(body: ContactMessage) {
  return api.call(endpoints.site.sendContactMessage, {
    body,
    errorMessage: 'Your message could not be sent. Please try again.',
  });
}

/** POST /site/nominations: a Business of the Month or Customer Service Superstar nomination. */
export function sendNomination(body: Nomination) {
  return api.call(endpoints.site.sendNomination, {
    body,
    errorMessage: 'Your nomination could not be sent. Please try again.',
  });
}

export const useSendContactMessage = () => useMutation({ mutationFn: sendContactMessage });
export const useSendNomination = () => useMutation({ mutationFn: sendNomination });
