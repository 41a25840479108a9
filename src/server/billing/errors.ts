import { AppError } from '../errors';

/** The refusals and failures of billing (spec §8 where it names them); the client shows `errors:<messageKey>`. */

export const billingNotConfigured = () =>
  new AppError({
    code: 'PRECONDITION_FAILED',
    userMessage: 'Billing is not configured on this server.',
    messageKey: 'billingNotConfigured',
  });

export const pricingLoadFailed = (cause?: unknown) =>
  new AppError({
    code: 'BAD_GATEWAY',
    userMessage: 'Could not load pricing information',
    messageKey: 'pricingLoadFailed',
    message: `Stripe prices could not be read: ${describe(cause)}`,
    cause,
  });

export const pricingProcessFailed = (reason: string) =>
  new AppError({
    code: 'BAD_GATEWAY',
    userMessage: 'Could not process pricing information',
    messageKey: 'pricingProcessFailed',
    message: `Stripe prices are not usable: ${reason}`,
  });

export const pricingUnavailable = () =>
  new AppError({ code: 'NOT_FOUND', userMessage: 'No pricing information available', messageKey: 'pricingUnavailable' });

export const stripeSessionFailed = (cause?: unknown) =>
  new AppError({
    code: 'BAD_GATEWAY',
    userMessage: 'Failed to create Stripe session',
    messageKey: 'stripeSessionFailed',
    message: `Stripe checkout session failed: ${describe(cause)}`,
    cause,
  });

export const portalSessionFailed = (cause?: unknown) =>
  new AppError({
    code: 'BAD_GATEWAY',
    userMessage: 'Failed to open the billing portal. Please try again.',
    messageKey: 'portalSessionFailed',
    message: `Stripe portal session failed: ${describe(cause)}`,
    cause,
  });

export const subscriptionUpdateFailed = (cause?: unknown) =>
  new AppError({
    code: 'BAD_GATEWAY',
    userMessage: 'Failed to update your subscription. Please try again.',
    messageKey: 'subscriptionUpdateFailed',
    message: `Stripe subscription update failed: ${describe(cause)}`,
    cause,
  });

export const trialsDisabled = () =>
  new AppError({ code: 'BAD_REQUEST', userMessage: 'Free trials are not available.', messageKey: 'trialsDisabled' });

export const trialAlreadyUsed = () =>
  new AppError({ code: 'BAD_REQUEST', userMessage: 'You have already used your free trial.', messageKey: 'trialAlreadyUsed' });

export const alreadySubscribed = () =>
  new AppError({
    code: 'BAD_REQUEST',
    userMessage: 'You already have a subscription. Change it from your billing settings.',
    messageKey: 'alreadySubscribed',
  });

export const currencyNotOffered = (currency: string) =>
  new AppError({
    code: 'BAD_REQUEST',
    userMessage: `This plan is not sold in ${currency.toUpperCase()}.`,
    messageKey: 'currencyNotOffered',
    messageParams: { currency: currency.toUpperCase() },
  });

export const noSubscription = () =>
  new AppError({ code: 'BAD_REQUEST', userMessage: 'You have no subscription to change.', messageKey: 'noSubscription' });

export const noTrialToCancel = () =>
  new AppError({ code: 'BAD_REQUEST', userMessage: 'You have no trial to cancel.', messageKey: 'noTrialToCancel' });

export const subscriptionEnded = () =>
  new AppError({
    code: 'BAD_REQUEST',
    userMessage: 'This subscription has ended. Choose a plan to subscribe again.',
    messageKey: 'subscriptionEnded',
  });

export const noBillingAccount = () =>
  new AppError({
    code: 'BAD_REQUEST',
    userMessage: 'You have no billing account yet. Choose a plan first.',
    messageKey: 'noBillingAccount',
  });

function describe(cause: unknown): string {
  return cause instanceof Error ? `${cause.name}: ${cause.message}` : String(cause);
}
