import { useEffect, useRef, useState, type FormEvent } from 'react';
import { selectCheckoutSubmission, selectHoldLastMinute, selectUser } from '../../../machines/app/selectors';
import { useSelector } from '@xstate/react';
import { checkoutFormSchema, emptyCheckoutForm, type CheckoutFormInput } from '../../../contract/booking';
import type { User } from '../../../contract/user';
import { useAppActor, useAppSelector } from '../../app/actor-context';
import { CheckboxField } from '../../components/checkbox-field';
import { RadioCards } from '../../components/radio-cards';
import { TextAreaField, TextField } from '../../components/text-field';
import { useBlurValidation } from '../use-form-errors';
import { useCheckoutSubmitting } from './checkout-submitting';
import { CouponBlock, useCouponView } from './coupon-block';
import { HoldNotice } from './hold-notice';
import { OrderSummary } from './order-summary';
import * as css from './steps.css';
import * as screen from '../screen.css';
import { EMAIL_INPUT, PHONE_INPUT } from '../../components/input-kinds';

export const CHECKOUT_FORM_ID = 'checkout-form';

export const CHECKOUT_COPY = {
  payOnSite: 'Pagherai direttamente il giorno dell’appuntamento, al termine del servizio.',
  paymentMethods: 'Metodi di pagamento accettati',
  personalData: 'I tuoi dati',
  firstName: 'Nome',
  lastName: 'Cognome',
  phoneNumber: 'Telefono',
  email: 'Email',
  doorbellName: 'Nome sul citofono',
  extra: 'Informazioni aggiuntive',
  allergiesSwitch: 'Hai allergie o intolleranze?',
  allergies: 'Quali allergie o intolleranze?',
  fitToPlead: 'Confermi di essere in buone condizioni di salute per ricevere il trattamento?',
  yes: 'Sì',
  no: 'No',
  notes: 'Note per la professionista',
  consents: 'Consensi',
  privacy: 'Ho letto e accetto la privacy policy e i termini del servizio.',
  privacyMore:
    'I tuoi dati sono trattati per gestire la prenotazione e la tua area personale, come descritto nella privacy policy.',
  allowMarketing: `Voglio ricevere offerte e novità via email, SMS o WhatsApp.`,
  allowMarketingMore: 'Potrai cambiare idea quando vuoi dal link in fondo a ogni messaggio.',
  personalDataConsent: 'Acconsento all’uso dei miei dati per ricevere proposte personalizzate.',
  personalDataConsentMore:
    'Useremo le tue preferenze e gli appuntamenti passati per consigliarti i servizi più adatti.',
  more: '[...]',
  less: 'Mostra meno',
} as const;

const PAYMENT_METHODS = ['Visa', 'Mastercard', 'Amex', 'Satispay', 'Contanti'] as const;

/** The field order of the schema: the first erroring one gets the focus (SPEC §5). */
const FIELD_ORDER = Object.keys(emptyCheckoutForm) as (keyof CheckoutFormInput)[];

const yesNo = (value: boolean | null | undefined): '' | 'yes' | 'no' =>
  value === true ? 'yes' : value === false ? 'no' : '';

/** SPEC §6: a signed-in customer's data prefills checkout. */
export function prefilledForm(user: User | null): CheckoutFormInput {
  if (!user) return { ...emptyCheckoutForm };
  const allergies = user.allergies?.trim() ?? '';
  return {
    ...emptyCheckoutForm,
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    phoneNumber: user.phoneNumber ?? '',
    email: user.accountEmail ?? user.email,
    allergiesSwitch: allergies ? 'yes' : '',
    allergies,
    fitToPlead: yesNo(user.fitToPlead),
    allowMarketing: user.allowMarketing ?? false,
  };
}

const NO_ERRORS: Record<string, string> = {};

function Consent({
  name,
  label,
  more,
  checked,
  error,
  inputRef,
  onChange,
}: {
  name: string;
  label: string;
  more: string;
  checked: boolean;
  error?: string | null;
  inputRef?: (el: HTMLInputElement | null) => void;
  onChange: (checked: boolean) => void;
}) {
  const [expanded, setExpanded] = useState(false);
  return (
    <CheckboxField
      id={`checkout-${name}`}
      name={name}
      label={label}
      checked={checked}
      error={error}
      inputRef={inputRef}
      onCheckedChange={onChange}
      description={
        <>
          {expanded ? <span>{more} </span> : null}
          <button
            type="button"
            className={css.toggle}
            aria-expanded={expanded}
            aria-label={expanded ? CHECKOUT_COPY.less : `${CHECKOUT_COPY.more} ${label}`}
            data-analytics-label={expanded ? 'mostra_meno' : 'leggi_tutto'}
            onClick={() => setExpanded((value) => !value)}
          >
            {expanded ? CHECKOUT_COPY.less : CHECKOUT_COPY.more}
          </button>
        </>
      }
    />
  );
}

/** The checkout (SPEC §2, §4, §5): recap, coupon, pay-on-site notice, personal data, consents. */
export function CheckoutStep() {
  const actor = useAppActor();
  const user = useAppSelector(selectUser);
  const submission = useAppSelector(selectCheckoutSubmission);
  const errors = useSelector(submission, (snapshot) => snapshot?.context.errors ?? NO_ERRORS);
  const submitting = useCheckoutSubmitting();
  const coupon = useCouponView();
  const lastMinute = useAppSelector(selectHoldLastMinute);
  const [form, setForm] = useState<CheckoutFormInput>(() => prefilledForm(user));
  const values: CheckoutFormInput = {
    ...form,
    couponCodeEnabled: coupon.state !== 'off',
    couponCode: coupon.state === 'off' ? '' : coupon.code,
  };
  const validation = useBlurValidation(checkoutFormSchema, values as Record<string, unknown>, errors);
  const checkboxes = useRef<Record<string, HTMLInputElement | null>>({});
  // Choices have no blur: their message is checked again once the new value has rendered.
  const [recheck, setRecheck] = useState<keyof CheckoutFormInput | null>(null);
  const { onBlur } = validation;
  useEffect(() => {
    if (recheck === null) return;
    onBlur(recheck);
    setRecheck(null);
  }, [recheck, onBlur]);

  // The user arrives after the page (signed in on another tab, profile loading): fill what is empty.
  useEffect(() => {
    if (!user) return;
    const filled = prefilledForm(user);
    setForm((current) => {
      const next = { ...current };
      for (const key of ['firstName', 'lastName', 'phoneNumber', 'email', 'allergies'] as const)
        if (!current[key]) next[key] = filled[key] ?? '';
      if (!current.allergiesSwitch) next.allergiesSwitch = filled.allergiesSwitch;
      if (!current.fitToPlead) next.fitToPlead = filled.fitToPlead;
      return next;
    });
  }, [user]);

  // SPEC §5: after a refused submit, scroll to and focus the first erroring field.
  useEffect(() => {
    const first = FIELD_ORDER.find((field) => field in errors);
    if (!first) return;
    const target =
      checkboxes.current[first] ??
      document.querySelector<HTMLElement>(
        `#checkout-${first} input:not([disabled]), input#checkout-${first}, textarea#checkout-${first}`,
      );
    target?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
    target?.focus({ preventScroll: true });
  }, [errors]);

  const set = <K extends keyof CheckoutFormInput>(key: K, value: CheckoutFormInput[K]) =>
    setForm((current) => ({ ...current, [key]: value }));
  const choose = <K extends keyof CheckoutFormInput>(key: K, value: CheckoutFormInput[K]) => {
    set(key, value);
    if (key in errors) setRecheck(key);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    validation.reset();
    actor.send({ type: 'checkout.submit', form: values });
  };

  const text = (key: 'firstName' | 'lastName' | 'phoneNumber' | 'email' | 'doorbellName', props: object = {}) => (
    <TextField
      id={`checkout-${key}`}
      name={key}
      label={CHECKOUT_COPY[key]}
      value={form[key] ?? ''}
      disabled={submitting}
      onChange={(event) => set(key, event.target.value)}
      onBlur={() => validation.onBlur(key)}
      error={validation.errorOf(key)}
      {...props}
    />
  );
  const yesNoOptions = [
    { value: 'yes', label: CHECKOUT_COPY.yes },
    { value: 'no', label: CHECKOUT_COPY.no },
  ];
  const yesNoField = (key: 'allergiesSwitch' | 'fitToPlead') => (
    <RadioCards
      id={`checkout-${key}`}
      label={CHECKOUT_COPY[key]}
      name={key}
      columns={2}
      value={form[key] ?? ''}
      onValueChange={(value) => choose(key, value as CheckoutFormInput[typeof key])}
      error={validation.errorOf(key)}
      options={yesNoOptions}
    />
  );

  return (
    <form
      id={CHECKOUT_FORM_ID}
      className={css.positioned}
      noValidate
      onSubmit={submit}
      // Issue 28: typing on in her time's last minute keeps it for her (as MI SERVE PIÙ TEMPO does).
      onInput={() => {
        if (lastMinute) actor.send({ type: 'hold.extend' });
      }}
      aria-label="Completa la tua prenotazione"
    >
      <HoldNotice />
      <OrderSummary />
      <CouponBlock error={validation.errorOf('couponCode')} />
      <section className={css.notice} aria-label={CHECKOUT_COPY.paymentMethods}>
        <p>{CHECKOUT_COPY.payOnSite}</p>
        <ul className={css.badges}>
          {PAYMENT_METHODS.map((method) => (
            <li key={method} className={css.badge}>
              <svg width="16" height="12" viewBox="0 0 16 12" aria-hidden="true">
                <rect x="0.5" y="0.5" width="15" height="11" rx="2" fill="none" stroke="currentColor" />
                <rect x="0" y="3" width="16" height="2" fill="currentColor" />
              </svg>
              {method}
            </li>
          ))}
        </ul>
      </section>
      <fieldset className={screen.form} disabled={submitting}>
        <legend className={screen.subtitle}>{CHECKOUT_COPY.personalData}</legend>
        {text('firstName', { autoComplete: 'given-name' })}
        {text('lastName', { autoComplete: 'family-name' })}
        {text('phoneNumber', PHONE_INPUT)}
        {text('email', EMAIL_INPUT)}
        {text('doorbellName')}
      </fieldset>
      <fieldset className={screen.form} disabled={submitting}>
        <legend className={screen.subtitle}>{CHECKOUT_COPY.extra}</legend>
        {yesNoField('allergiesSwitch')}
        {form.allergiesSwitch === 'yes' ? (
          <TextField
            id="checkout-allergies"
            name="allergies"
            label={CHECKOUT_COPY.allergies}
            value={form.allergies ?? ''}
            onChange={(event) => set('allergies', event.target.value)}
            onBlur={() => validation.onBlur('allergies')}
            error={validation.errorOf('allergies')}
          />
        ) : null}
        {yesNoField('fitToPlead')}
        <TextAreaField
          id="checkout-notes"
          name="notes"
          label={CHECKOUT_COPY.notes}
          rows={3}
          value={form.notes ?? ''}
          onChange={(event) => set('notes', event.target.value)}
        />
      </fieldset>
      <fieldset className={screen.form} disabled={submitting}>
        <legend className={screen.subtitle}>{CHECKOUT_COPY.consents}</legend>
        <Consent
          name="privacy"
          label={CHECKOUT_COPY.privacy}
          more={CHECKOUT_COPY.privacyMore}
          checked={form.privacy === true}
          error={validation.errorOf('privacy')}
          inputRef={(el) => {
            checkboxes.current.privacy = el;
          }}
          onChange={(checked) => choose('privacy', checked)}
        />
        <Consent
          name="allowMarketing"
          label={CHECKOUT_COPY.allowMarketing}
          more={CHECKOUT_COPY.allowMarketingMore}
          checked={form.allowMarketing === true}
          onChange={(checked) => set('allowMarketing', checked)}
        />
        <Consent
          name="personalDataConsent"
          label={CHECKOUT_COPY.personalDataConsent}
          more={CHECKOUT_COPY.personalDataConsentMore}
          checked={form.personalDataConsent === true}
          onChange={(checked) => set('personalDataConsent', checked)}
        />
      </fieldset>
    </form>
  );
}
