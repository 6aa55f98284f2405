import { use, useEffect, useState, type ComponentType } from 'react';

/**
 * A component that lives in its own chunk (issue 15: the first screen loads only what it draws).
 * Unlike React.lazy, once `preload()` has brought the chunk in, the component renders at once,
 * without suspending for a frame: a step preloaded while the previous one was shown appears with
 * its heading, with no empty flash. Before that it suspends (the nearest <Suspense> decides).
 */
export interface LazyComponent<P extends object> {
  (props: P): React.ReactNode;
  preload: () => Promise<void>;
  /** True once the chunk is in. */
  isLoaded: () => boolean;
}

export function lazyComponent<M, P extends object>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
): LazyComponent<P> {
  // The promise carries React's own `status`/`value` marks once settled: `use()` then returns the
  // component synchronously, without suspending again.
  let pending: Promise<ComponentType<P>> | null = null;
  let loaded = false;
  const start = (): Promise<ComponentType<P>> => {
    if (pending) return pending;
    const promise = load().then(
      (module) => {
        const component = pick(module);
        Object.assign(promise, { status: 'fulfilled', value: component });
        loaded = true;
        return component;
      },
      (error: unknown) => {
        // A failed chunk (a deploy replaced it, the network dropped) is tried again next time.
        pending = null;
        throw error;
      },
    );
    pending = promise;
    return promise;
  };
  const Lazy = (props: P) => {
    const Component = use(start());
    return <Component {...props} />;
  };
  Lazy.preload = () => start().then(() => undefined);
  Lazy.isLoaded = () => loaded;
  return Lazy;
}

/**
 * True once `component`'s chunk is in; it starts loading when `when` turns true. For what must not
 * suspend (a dialog mounts closed, then opens): render it only once this is true.
 */
export function useLoadedWhen(component: Pick<LazyComponent<never>, 'preload' | 'isLoaded'>, when: boolean): boolean {
  const [loaded, setLoaded] = useState(component.isLoaded);
  useEffect(() => {
    if (!when || loaded) return;
    let live = true;
    component.preload().then(
      () => live && setLoaded(true),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [component, when, loaded]);
  return loaded;
}
