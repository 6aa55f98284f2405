import type { ReactNode } from 'react';

/** Decorative line icons (24px, currentColor); the control that holds one carries the label. */
function Icon({ children, size = 24, strokeWidth = 2 }: { children: ReactNode; size?: number; strokeWidth?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

export const ArrowLeftIcon = () => (
  <Icon>
    <path d="M15 5l-7 7 7 7" />
  </Icon>
);
export const CloseIcon = ({ size }: { size?: number }) => (
  <Icon size={size}>
    <path d="M6 6l12 12M18 6L6 18" />
  </Icon>
);
export const ArrowDownIcon = ({ size }: { size?: number }) => (
  <Icon size={size}>
    <path d="M12 5v14M6 13l6 6 6-6" />
  </Icon>
);
export const HelpIcon = () => (
  <Icon>
    <circle cx="12" cy="12" r="10" />
    <path d="M9.5 9a2.5 2.5 0 1 1 3.5 2.3c-.7.3-1 .9-1 1.7M12 17h.01" />
  </Icon>
);
export const UserIcon = () => (
  <Icon>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21a8 8 0 0 1 16 0" />
  </Icon>
);
export const LogoutIcon = () => (
  <Icon>
    <path d="M15 4h3a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-3M10 17l-5-5 5-5M5 12h11" />
  </Icon>
);
export const WhatsAppIcon = () => (
  <Icon>
    <path d="M4 20l1.3-4A8 8 0 1 1 8 18.7L4 20z" />
    <path d="M9 9.5c0 3 2.5 5.5 5.5 5.5l1-1.5-2-1-1 .8a4 4 0 0 1-1.8-1.8l.8-1-1-2L9 9.5z" />
  </Icon>
);
/** The tick of a checked box (16px, a heavier line to read at that size). */
export const CheckIcon = () => (
  <Icon size={16} strokeWidth={3.75}>
    <path d="M4.5 12.75l4.8 4.5L19.5 6.75" />
  </Icon>
);
/** The show-password eye, crossed while the password is shown (the button hides it). */
export const EyeIcon = ({ crossed }: { crossed: boolean }) => (
  <Icon>
    <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z" />
    <circle cx="12" cy="12" r="3" />
    {crossed ? <path d="M4 4l16 16" /> : null}
  </Icon>
);
const TOAST_ICON_PATHS = {
  error: 'M12 8v5m0 3h.01M12 3l10 18H2L12 3z',
  success: 'M5 12.5l4.5 4.5L19 7.5',
  warning: 'M12 8v5m0 3h.01M12 3l10 18H2L12 3z',
  info: 'M12 11v6m0-10h.01M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20z',
} as const;
/** A toast's kind drawn (20px); an unknown kind is drawn as info. */
export const ToastKindIcon = ({ type }: { type?: string }) => (
  <Icon size={20}>
    <path d={TOAST_ICON_PATHS[(type ?? 'info') as keyof typeof TOAST_ICON_PATHS] ?? TOAST_ICON_PATHS.info} />
  </Icon>
);
/** SPEC §2: each category of the category step has an icon (32px): open scissors for hair. */
export const HairIcon = () => (
  <Icon size={32} strokeWidth={1.75}>
    <circle cx="6" cy="6" r="3" />
    <circle cx="6" cy="18" r="3" />
    <path d="M8.5 7.5L20 17M8.5 16.5L20 7M12.5 12h.01" />
  </Icon>
);
/** Beauty: a bottle of nail polish with its brush cap. */
export const BeautyIcon = () => (
  <Icon size={32} strokeWidth={1.75}>
    <path d="M10 2h4v6h-4z" />
    <path d="M8 8h8l1 3v9a2 2 0 0 1-2 2H9a2 2 0 0 1-2-2v-9l1-3z" />
    <path d="M7 14h10" />
  </Icon>
);
/** Make-up: a lipstick, slanted tip out of its case. */
export const MakeUpIcon = () => (
  <Icon size={32} strokeWidth={1.75}>
    <path d="M10 3l4 2v6h-4z" />
    <path d="M9 11h6v3H9z" />
    <path d="M8 14h8v8H8z" />
  </Icon>
);
