import { PRODUCT, SIZES } from '../../contract/constants';
import { whatsappLink } from '../lib/whatsapp';
import { buttonClassName } from './button';
import { Dialog } from './lazy-dialog';
import { WhatsAppIcon } from './icons';

export interface HelpDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The wa.me link; by default built from the page's utm_source. */
  whatsappHref?: string;
}

export const HELP_COPY = {
  title: 'Hai bisogno di aiuto?',
  text: `Scrivici su WhatsApp: il team di ${PRODUCT} ti risponde e ti aiuta a prenotare.`,
  cta: 'SCRIVICI SU WHATSAPP',
} as const;

/** The help dialog of the header (max width 390px) with its WhatsApp call to action. */
export function HelpDialog({ open, onOpenChange, whatsappHref }: HelpDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={HELP_COPY.title}
      description={HELP_COPY.text}
      maxWidth={SIZES.helpDialogMaxWidth}
    >
      <a
        className={buttonClassName('primary', { fullWidth: true })}
        href={whatsappHref ?? whatsappLink()}
        target="_blank"
        rel="noopener noreferrer"
      >
        <WhatsAppIcon />
        {HELP_COPY.cta}
      </a>
    </Dialog>
  );
}
