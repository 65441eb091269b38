import { useState } from "react";
import { cn } from "../../../components/ui/cn";
import { useNearViewport } from "../../../lib/use-near-viewport";

/** Decorative gradients for characters without a (showable) avatar; picked by a stable hash of the id. */
const FALLBACK_GRADIENTS = [
  "from-brand-500 to-accent-500",
  "from-accent-500 to-sky-500",
  "from-rose-500 to-orange-400",
  "from-fuchsia-600 to-brand-400",
  "from-indigo-500 to-teal-400",
  "from-amber-500 to-brand-600",
] as const;

function hashString(value: string): number {
  let hash = 0;
  for (let i = 0; i < value.length; i++) hash = (hash * 31 + value.charCodeAt(i)) | 0;
  return Math.abs(hash);
}

export function fallbackGradient(seed: string): string {
  return FALLBACK_GRADIENTS[hashString(seed) % FALLBACK_GRADIENTS.length] ?? FALLBACK_GRADIENTS[0];
}

export type CharacterAvatarProps = {
  /** Stable seed for the fallback gradient, usually the character id. */
  seed: string;
  name: string;
  src: string | null;
  /** Shows the gradient fallback instead of the image (no avatar, or an NSFW avatar on the SFW brand). */
  hidden?: boolean;
  width: number;
  height: number;
  /** Empty alt for purely decorative uses; defaults to the name. */
  alt?: string;
  className?: string;
  imageClassName?: string;
  initialClassName?: string;
};

/** Character picture, loaded once it comes near the viewport, or a gradient with the name's initial. */
export function CharacterAvatar({
  seed,
  name,
  src,
  hidden = false,
  width,
  height,
  alt = name,
  className,
  imageClassName,
  initialClassName,
}: CharacterAvatarProps) {
  const [failed, setFailed] = useState(false);
  const [nearRef, near] = useNearViewport<HTMLDivElement>();
  const showImage = Boolean(src) && !hidden && !failed;
  if (showImage && src && !near) {
    const placeholder = cn("h-full w-full bg-surface-2", className);
    return alt ? (
      <div ref={nearRef} role="img" aria-label={alt} className={placeholder} />
    ) : (
      <div ref={nearRef} aria-hidden="true" className={placeholder} />
    );
  }
  if (showImage && src) {
    return (
      <img
        src={src}
        alt={alt}
        width={width}
        height={height}
        loading="lazy"
        decoding="async"
        onError={() => setFailed(true)}
        className={cn("h-full w-full object-cover", className, imageClassName)}
      />
    );
  }
  const initial = Array.from(name.trim())[0]?.toUpperCase() ?? "?";
  const classes = cn(
    "flex h-full w-full select-none items-center justify-center bg-gradient-to-br text-white",
    fallbackGradient(seed),
    className,
  );
  const letter = (
    <span
      aria-hidden="true"
      className={cn("text-5xl font-bold drop-shadow-[0_2px_8px_rgb(0_0_0/0.35)]", initialClassName)}
    >
      {initial}
    </span>
  );
  if (!alt) {
    return (
      <div aria-hidden="true" className={classes}>
        {letter}
      </div>
    );
  }
  return (
    <div role="img" aria-label={alt} className={classes}>
      {letter}
    </div>
  );
}
