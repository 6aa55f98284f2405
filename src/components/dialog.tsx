import {
  useCallback,
  useLayoutEffect,
  useRef,
  useState,
  type CSSProperties,
  type PointerEvent as ReactPointerEvent,
  type ReactNode,
} from 'react';
import { Dialog as ArkDialog } from '@ark-ui/react/dialog';
import { Portal } from '@ark-ui/react/portal';
import { LIMITS } from '../../contract/constants';
import { mobile } from '../styles/theme.css';
import * as css from './dialog.css';
import { CloseIcon } from './icons';
import { completeMissedExit, inertOutside } from './modal-layers';

export interface DialogProps {
  /** Controlled: the machine decides (CONVENTIONS §6). */
  open: boolean;
  /** Called with false on close button, Escape, outside click or a drag past half the sheet. */
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  /** Keeps the title for screen readers only. */
  hideTitle?: boolean;
  description?: ReactNode;
  children?: ReactNode;
  /** Actions pinned under the scrolling body. */
  footer?: ReactNode;
  /** Modal width above 1024px: 560px by default, 390px for help. */
  maxWidth?: number | string;
  /** e.g. 800 for the profile dialog. */
  maxHeight?: number | string;
  closeLabel?: string;
  showCloseButton?: boolean;
  role?: 'dialog' | 'alertdialog';
  closeOnInteractOutside?: boolean;
  closeOnEscape?: boolean;
  initialFocusEl?: () => HTMLElement | null;
  /** Called once the dialog has finished closing (after its exit animation). */
  onExitComplete?: () => void;
  className?: string;
}

const toCss = (value: number | string) => (typeof value === 'number' ? `${value}px` : value);

const isSheetLayout = () =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(mobile).matches;

/**
 * While `open`, everything but the dialog's own layers (and the toasts) is inert (modal-layers.ts).
 * Undone in the commit that closes it, before zag gives the focus back to what opened it (an inert
 * element takes no focus). Returns the refs of the layers.
 */
function useInertBehind(open: boolean) {
  const [backdrop, setBackdrop] = useState<HTMLElement | null>(null);
  const [positioner, setPositioner] = useState<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (!open || !backdrop || !positioner) return;
    return inertOutside([backdrop, positioner]);
  }, [open, backdrop, positioner]);
  const backdropRef = useCallback((node: HTMLDivElement | null) => {
    setBackdrop(node);
    // Its own presence: it may miss the end of its exit as the content may.
    if (node) completeMissedExit(node);
  }, []);
  return { backdropRef, positionerRef: setPositioner };
}

/**
 * A dialog: bottom sheet at ≤ 1024px (top radius 16px, dragged down past half its height to close,
 * otherwise it springs back), centred modal above (max width 560px, radius 24px). Focus is trapped
 * and restored; Escape and outside clicks close it. While it is open the page behind it is inert,
 * the toasts aside (issue 41).
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  hideTitle = false,
  description,
  children,
  footer,
  maxWidth,
  maxHeight,
  closeLabel = 'Chiudi',
  showCloseButton = true,
  role = 'dialog',
  closeOnInteractOutside = true,
  closeOnEscape = true,
  initialFocusEl,
  onExitComplete,
  className,
}: DialogProps) {
  const contentRef = useRef<HTMLDivElement | null>(null);
  const drag = useRef<{ pointerId: number; startY: number; dy: number } | null>(null);
  const { backdropRef, positionerRef } = useInertBehind(open);
  const setContent = useCallback((node: HTMLDivElement | null) => {
    contentRef.current = node;
    if (node) completeMissedExit(node);
  }, []);

  const setOffset = (dy: number, animate: boolean) => {
    const el = contentRef.current;
    if (!el) return;
    el.style.transition = animate ? 'transform 240ms cubic-bezier(0.2, 0, 0, 1)' : 'none';
    el.style.transform = dy > 0 ? `translateY(${dy}px)` : '';
  };

  const onPointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (!isSheetLayout() || (event.pointerType === 'mouse' && event.button !== 0)) return;
    // Buttons in the header keep their click.
    if ((event.target as HTMLElement).closest('button, a, input')) return;
    // No text selection or native drag from the header (either would cancel the pointer stream).
    event.preventDefault();
    drag.current = { pointerId: event.pointerId, startY: event.clientY, dy: 0 };
    event.currentTarget.setPointerCapture?.(event.pointerId);
    setOffset(0, false);
  };

  const onPointerMove = (event: ReactPointerEvent<HTMLDivElement>) => {
    const state = drag.current;
    if (!state || state.pointerId !== event.pointerId) return;
    state.dy = Math.max(0, event.clientY - state.startY);
    setOffset(state.dy, false);
  };

  const endDrag = (event: ReactPointerEvent<HTMLDivElement>, cancelled: boolean) => {
    const state = drag.current;
    if (!state || state.pointerId !== event.pointerId) return;
    drag.current = null;
    event.currentTarget.releasePointerCapture?.(event.pointerId);
    const el = contentRef.current;
    const height = el?.getBoundingClientRect().height ?? 0;
    if (!cancelled && el && height > 0 && state.dy > height * LIMITS.dialogDragDismissRatio) {
      // The exit animation starts where the finger left the sheet.
      el.style.setProperty(css.dragOffsetProperty, `${state.dy}px`);
      onOpenChange(false);
      // A controlled parent may keep it open: then the sheet comes back.
      setTimeout(() => {
        if (!el.isConnected || el.dataset.state !== 'open') return;
        el.style.removeProperty(css.dragOffsetProperty);
        setOffset(0, true);
      }, 300);
      return;
    }
    setOffset(0, true);
  };

  const style = {
    ...(maxWidth !== undefined ? { [css.maxWidthProperty]: toCss(maxWidth) } : {}),
    ...(maxHeight !== undefined ? { [css.maxHeightProperty]: toCss(maxHeight) } : {}),
  } as CSSProperties;

  return (
    <ArkDialog.Root
      open={open}
      onOpenChange={(details) => onOpenChange(details.open)}
      lazyMount
      unmountOnExit
      role={role}
      closeOnInteractOutside={closeOnInteractOutside}
      closeOnEscape={closeOnEscape}
      initialFocusEl={initialFocusEl}
      onExitComplete={onExitComplete}
    >
      <Portal>
        <ArkDialog.Backdrop ref={backdropRef} className={css.backdrop} />
        <ArkDialog.Positioner ref={positionerRef} className={css.positioner}>
          <ArkDialog.Content
            ref={setContent}
            className={[css.content, className].filter(Boolean).join(' ')}
            style={style}
          >
            <div
              className={css.header}
              onPointerDown={onPointerDown}
              onPointerMove={onPointerMove}
              onPointerUp={(event) => endDrag(event, false)}
              onPointerCancel={(event) => endDrag(event, true)}
            >
              <span className={css.grabber} aria-hidden="true" />
              <ArkDialog.Title className={hideTitle ? css.titleHidden : css.title}>{title}</ArkDialog.Title>
              {showCloseButton ? (
                <ArkDialog.CloseTrigger className={css.close} aria-label={closeLabel} data-analytics-label="chiudi">
                  <CloseIcon />
                </ArkDialog.CloseTrigger>
              ) : null}
            </div>
            <div className={css.body}>
              {description ? (
                <ArkDialog.Description className={css.description}>{description}</ArkDialog.Description>
              ) : null}
              {children}
            </div>
            {footer ? <div className={css.footer}>{footer}</div> : null}
          </ArkDialog.Content>
        </ArkDialog.Positioner>
      </Portal>
    </ArkDialog.Root>
  );
}
