import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';

export interface KeepSearchLinkProps {
  to: '/' | '/login' | '/ask-reset-password' | '/booking/location';
  className?: string;
  children: ReactNode;
  onClick?: () => void;
}

/** SPEC §2: links keep the current query string (utm_* and friends). */
export function KeepSearchLink({ to, className, children, onClick }: KeepSearchLinkProps) {
  if (to === '/booking/location') {
    return (
      <Link
        to="/booking/$step/{-$childStep}"
        params={{ step: 'location', childStep: undefined }}
        search={true}
        className={className}
        onClick={onClick}
      >
        {children}
      </Link>
    );
  }
  return (
    <Link to={to} search={true} className={className} onClick={onClick}>
      {children}
    </Link>
  );
}

/**
 * Issue 16: an appointment's manage screen (/appointments/:id), or moving it (…/reschedule). The
 * query string goes along: a manage link's `?token=` keeps working on the next screen.
 */
export function ManageAppointmentLink({
  bookingId,
  reschedule = false,
  className,
  children,
}: {
  bookingId: string;
  reschedule?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return reschedule ? (
    <Link to="/appointments/$bookingId/reschedule" params={{ bookingId }} search={true} className={className}>
      {children}
    </Link>
  ) : (
    <Link to="/appointments/$bookingId" params={{ bookingId }} search={true} className={className}>
      {children}
    </Link>
  );
}

/**
 * Issue 29: an appointment's rating screen (/appointments/:id/rating), from the personal area's
 * 'Valuta'. `describedBy` names what it rates (the link's words are the same for each).
 */
export function RateAppointmentLink({
  bookingId,
  className,
  describedBy,
  children,
}: {
  bookingId: string;
  className?: string;
  describedBy?: string;
  children: ReactNode;
}) {
  return (
    <Link
      to="/appointments/$bookingId/rating"
      params={{ bookingId }}
      search={true}
      className={className}
      aria-describedby={describedBy}
    >
      {children}
    </Link>
  );
}
