import { iconButton } from '../styles/icon-button.css';
import { CloseIcon } from './icons';

/** A round, touch-sized button holding only the close cross; its label says what it closes or removes. */
export function CloseButton({
  label,
  analyticsLabel,
  onClick,
  iconSize,
}: {
  label: string;
  /** The click's label in analytics (SPEC §7), e.g. 'chiudi'. */
  analyticsLabel: string;
  onClick: () => void;
  iconSize?: number;
}) {
  return (
    <button
      type="button"
      className={iconButton}
      aria-label={label}
      data-analytics-label={analyticsLabel}
      onClick={onClick}
    >
      <CloseIcon size={iconSize} />
    </button>
  );
}
