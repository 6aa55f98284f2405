import { useRef, type FormEvent } from 'react';
import { shallowEqual, useSelector } from '@xstate/react';
import type { AppointmentRating } from '../../../contract/rating';
import { selectRating, type RatingRef } from '../../../machines/app/selectors';
import type { RatingChoice } from '../../../machines/rating/machine';
import { useAppActor, useAppSelector } from '../../app/actor-context';
import { Button, buttonClassName } from '../../components/button';
import { StarPicker, StarsShown } from '../../components/stars';
import { TextAreaField } from '../../components/text-field';
import { formatLongDate, fromApiDate } from '../../lib/format';
import { KeepSearchLink } from '../keep-search-link';
import { ScreenSpinner } from '../screen-spinner';
import * as screen from '../screen.css';
import { RATING_COPY, withProfessionals } from './rating-copy';
import * as css from './rating.css';

const starsId = (index: number) => `rating-stars-${index}`;
const commentId = (index: number) => `rating-comment-${index}`;

/** When it was, what was done, who came. */
function Summary({ rating }: { rating: AppointmentRating }) {
  const when = RATING_COPY.when(formatLongDate(fromApiDate(rating.date)), rating.startTime);
  return (
    <section className={screen.card} aria-label={RATING_COPY.appointment}>
      <p>
        <strong data-part="when">{when}</strong>
      </p>
      <ul className={screen.list}>
        {rating.services.map((service, index) => (
          <li key={`${service}-${index}`}>{service}</li>
        ))}
      </ul>
      <p className={screen.note}>
        {withProfessionals(rating.professionals.map((professional) => professional.firstName))}
      </p>
    </section>
  );
}

/** A signed-in customer's way back to her personal area; anyone's to a new booking. */
function Links({ failed }: { failed: boolean }) {
  const signedIn = useAppSelector((snapshot) => snapshot.context.user !== null);
  if (!failed && !signedIn) return null;
  return (
    <div className={screen.actions}>
      {failed ? (
        <KeepSearchLink to="/booking/location" className={buttonClassName('primary', { fullWidth: true })}>
          {RATING_COPY.bookAgain}
        </KeepSearchLink>
      ) : null}
      {signedIn ? (
        <KeepSearchLink to="/" className={buttonClassName('link')}>
          {RATING_COPY.backHome}
        </KeepSearchLink>
      ) : null}
    </div>
  );
}

interface FormProps {
  rating: AppointmentRating;
  choices: Record<string, RatingChoice>;
  errors: Record<string, string>;
  saved: boolean;
  busy: boolean;
  ratingRef: RatingRef;
}

/** Stars and a comment for each professional; sent in one go, and still hers to change while editable. */
function RatingForm({ rating, choices, errors, saved, busy, ratingRef }: FormProps) {
  const actor = useAppActor();
  const form = useRef<HTMLFormElement | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'rating.submit' });
    // Refused by the contract: the focus goes to the first part that says why.
    const [first] = Object.keys(ratingRef.getSnapshot().context.errors);
    if (first === undefined) return;
    const [professionalId, field] = first.split('.');
    const index = rating.professionals.findIndex((professional) => professional._id === professionalId);
    const target =
      field === 'stars'
        ? form.current?.querySelector<HTMLInputElement>(`#${starsId(index)} input`)
        : form.current?.querySelector<HTMLTextAreaElement>(`#${commentId(index)}`);
    target?.focus();
  };
  return (
    <form ref={form} noValidate onSubmit={submit} aria-busy={busy || undefined}>
      {rating.professionals.map((professional, index) => {
        const choice = choices[professional._id];
        return (
          <fieldset key={professional._id} className={css.professional}>
            {/* Read before her comment's field; the stars' own label shows her name. */}
            <legend className={css.hidden}>{professional.firstName}</legend>
            <StarPicker
              id={starsId(index)}
              name={`stars-${professional._id}`}
              label={RATING_COPY.group(professional.firstName)}
              value={choice?.stars ?? null}
              error={errors[`${professional._id}.stars`]}
              onChange={(stars) => actor.send({ type: 'rating.stars', professionalId: professional._id, stars })}
            />
            <TextAreaField
              id={commentId(index)}
              label={RATING_COPY.comment}
              value={choice?.comment ?? ''}
              error={errors[`${professional._id}.comment`]}
              onChange={(event) =>
                actor.send({ type: 'rating.comment', professionalId: professional._id, comment: event.target.value })
              }
            />
          </fieldset>
        );
      })}
      <p role="status" className={css.thanks}>
        {saved ? RATING_COPY.saved : ''}
      </p>
      <p className={screen.note}>{RATING_COPY.editable}</p>
      <div className={screen.actions}>
        <Button type="submit" fullWidth loading={busy}>
          {RATING_COPY.submit}
        </Button>
      </div>
    </form>
  );
}

/** RATING_EDIT_DAYS have passed: what she gave, final. */
function FinalRating({ rating }: { rating: AppointmentRating }) {
  return (
    <>
      <p className={screen.note}>{RATING_COPY.final}</p>
      {rating.professionals.map((professional) => (
        <section
          key={professional._id}
          className={screen.card}
          aria-labelledby={`rated-${professional._id}`}
          data-part="final"
        >
          <h2 id={`rated-${professional._id}`} className={css.name}>
            {professional.firstName}
          </h2>
          {professional.stars !== null ? (
            <StarsShown stars={professional.stars} size={24} />
          ) : (
            <p className={screen.note}>{RATING_COPY.notRated}</p>
          )}
          {professional.comment ? <p>{professional.comment}</p> : null}
        </section>
      ))}
    </>
  );
}

/**
 * /appointments/:id/rating (issue 29): the appointment she had (day, time, services, who came),
 * 1 to 5 stars and a comment for each professional, INVIA LA VALUTAZIONE; the thanks, and the form
 * still hers while the rating may change; the rating alone once final; the API's refusal otherwise.
 */
export function RatingScreen() {
  const ref = useAppSelector(selectRating);
  const shown = useAppSelector((snapshot) => snapshot.context.screen === 'appointmentRating');
  const view = useSelector(
    ref,
    (snapshot) => {
      if (!snapshot) return { state: 'loading' as const };
      if (snapshot.matches('failed')) return { state: 'failed' as const, message: snapshot.context.error };
      const { rating } = snapshot.context;
      if (!rating) return { state: 'loading' as const };
      if (snapshot.matches('final')) return { state: 'final' as const, rating };
      return {
        state: 'form' as const,
        rating,
        choices: snapshot.context.choices,
        errors: snapshot.context.errors,
        saved: snapshot.matches({ form: 'saved' }),
        busy: snapshot.hasTag('busy'),
      };
    },
    shallowEqual,
  );
  if (!shown || !ref) return null;
  return (
    <>
      <h1 className={screen.title}>{RATING_COPY.title}</h1>
      {view.state === 'loading' ? <ScreenSpinner label={RATING_COPY.loading} /> : null}
      {view.state === 'failed' ? (
        <section className={screen.card} role="alert">
          <h2 className={screen.subtitle}>{RATING_COPY.failedTitle}</h2>
          <p>{view.message}</p>
        </section>
      ) : null}
      {view.state === 'final' ? (
        <>
          <Summary rating={view.rating} />
          <FinalRating rating={view.rating} />
        </>
      ) : null}
      {view.state === 'form' ? (
        <>
          <Summary rating={view.rating} />
          <RatingForm
            rating={view.rating}
            choices={view.choices}
            errors={view.errors}
            saved={view.saved}
            busy={view.busy}
            ratingRef={ref}
          />
        </>
      ) : null}
      {view.state === 'loading' ? null : <Links failed={view.state === 'failed'} />}
    </>
  );
}
