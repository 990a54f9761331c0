import type { ReactNode } from "react";
import type { HomeBlock } from "~/services/home/types";

/**
 * One block of the home page: its heading, then its content, or a short notice when its data
 * could not be read (the other blocks still show).
 */
export function HomeSection<T>({
  id,
  title,
  block,
  children,
}: {
  id: string;
  title: string;
  block: HomeBlock<T>;
  children: (data: T) => ReactNode;
}) {
  return (
    <section className="home-block" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {block.state === "ready" ? (
        children(block.data)
      ) : (
        <p className="home-block__unavailable" role="status">
          Ce bloc est momentanément indisponible. Réessayez dans quelques instants.
        </p>
      )}
    </section>
  );
}
