import { useLocation, useNavigation, useNavigationType } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { withToast } from "~/components/ui/toasts";
import { createVersionChecker, CHECK_EVERY_MS } from "~/lib/new-version/checker";
import { isChunkLoadError, reloadAfterChunkFailure, type StampStore } from "~/lib/new-version/chunk-reload";
import { checkLatestBuild, pageBuildVersion } from "~/lib/new-version/latest-build";
import { documentLoadFor, isCheckout } from "~/lib/new-version/navigation";

export interface NewVersionNoticeProps {
  /** What the browser gives by default; tests pass their own. */
  fetchImpl?: typeof fetch;
  /** The page's build (default: Remix's manifest on window). */
  version?: string | null;
  now?: () => number;
  everyMs?: number;
  /** A full document load of a URL (default: location.assign). */
  loadDocument?: (href: string) => void;
  /** Loads the current page again (default: location.reload). */
  reload?: () => void;
  storage?: () => StampStore | null;
}

function sessionStore(): StampStore | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

function showNotice(): void {
  withToast((toast) =>
    toast.custom(
      (id) => (
        <div className="toast toast--info" role="status" onClick={() => toast.dismiss(id)}>
          <p>
            <strong>Nouvelle version disponible</strong>
            <br />
            Elle s'affichera à votre prochain changement de page ; ce que vous êtes en train de saisir n'est pas perdu.
          </p>
          <button type="button" className="toast__close" aria-label="Fermer la notification">
            ×
          </button>
        </div>
      ),
      // Until closed: one notice per page, never in the way of a form.
      { id: "nouvelle-version", duration: Number.POSITIVE_INFINITY },
    ),
  );
}

/**
 * New builds (docs/new-version.md, decision 0126): asks every five minutes and when the tab
 * comes back whether the portal runs a newer build; then says « Nouvelle version disponible »
 * and turns the next link followed (or back/forward) into a full load of that page, never
 * during a submission nor inside the checkout. A script chunk that fails to load reloads the
 * page, at most once per 10 s per path. Renders nothing itself; mounted once in root.tsx.
 */
export function NewVersionNotice(props: NewVersionNoticeProps) {
  const settings = useRef(props);
  const available = useRef(false);
  const submitting = useRef(false);
  const location = useLocation();
  const navigationType = useNavigationType();
  const navigation = useNavigation();
  submitting.current = navigation.state === "submitting";

  useEffect(() => {
    const { fetchImpl = window.fetch.bind(window), now = Date.now, everyMs = CHECK_EVERY_MS } = settings.current;
    const version = settings.current.version === undefined ? pageBuildVersion() : settings.current.version;
    if (!version) return;
    const checker = createVersionChecker({
      check: () => checkLatestBuild(fetchImpl, version),
      onNewVersion: () => {
        available.current = true;
        showNotice();
      },
      now,
      everyMs,
    });
    const stop = checker.start();
    const onFocus = () => void checker.focused();
    const onVisible = () => {
      if (document.visibilityState === "visible") onFocus();
    };
    window.addEventListener("focus", onFocus);
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      stop();
      window.removeEventListener("focus", onFocus);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, []);

  useEffect(() => {
    // Capture, on window: before Remix's <Link> handler, which leaves a prevented click alone.
    const onClick = (event: MouseEvent) => {
      if (!available.current || submitting.current) return;
      const target = documentLoadFor(event, window.location);
      if (!target) return;
      event.preventDefault();
      (settings.current.loadDocument ?? ((href: string) => window.location.assign(href)))(target.href);
    };
    window.addEventListener("click", onClick, true);
    return () => window.removeEventListener("click", onClick, true);
  }, []);

  useEffect(() => {
    // Back and forward are navigations too: the page reached is loaded anew (its URL is already the address).
    if (!available.current || navigationType !== "POP" || isCheckout(location.pathname)) return;
    (settings.current.reload ?? (() => window.location.reload()))();
  }, [location.key, location.pathname, navigationType]);

  useEffect(() => {
    const mend = (reason: unknown) => {
      if (!isChunkLoadError(reason)) return;
      const { now = Date.now, storage = sessionStore, reload = () => window.location.reload() } = settings.current;
      reloadAfterChunkFailure(window.location.pathname, storage(), now(), reload);
    };
    const onRejection = (event: PromiseRejectionEvent) => mend(event.reason);
    const onError = (event: ErrorEvent) => mend(event.error ?? event.message);
    window.addEventListener("unhandledrejection", onRejection);
    window.addEventListener("error", onError);
    return () => {
      window.removeEventListener("unhandledrejection", onRejection);
      window.removeEventListener("error", onError);
    };
  }, []);

  return null;
}
