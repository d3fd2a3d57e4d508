// One titled part of the order card; each loads on its own, so a slow panel never holds up the others.
import type { ReactNode } from 'react';

export function Panel({
  id,
  title,
  children,
  className,
}: {
  id: string;
  title: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section className={className ? `order-panel ${className}` : 'order-panel'} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{title}</h3>
      {children}
    </section>
  );
}

/** A panel's own loading or failure line: quiet, and never a blank where data should be. */
export function PanelNote({ children, failed = false }: { children: ReactNode; failed?: boolean }) {
  return (
    <p className={failed ? 'order-note order-note-failed' : 'order-note muted'} role={failed ? 'status' : undefined}>
      {children}
    </p>
  );
}

/** The shortcut hint on a button (the button also carries aria-keyshortcuts); it is part of the button's name. */
export function KeyHint({ shortcut }: { shortcut: string }) {
  return <kbd className="order-key">{shortcut}</kbd>;
}
