import type { ImgHTMLAttributes } from "react";

type ContentImageProps = Omit<ImgHTMLAttributes<HTMLImageElement>, "src" | "alt"> & {
  /** An image of the content package, with the text that stands for it. */
  image: { src: string; alt: string };
};

/** A content image with its alternative text (logos, illustrations, domain pictures). */
export function ContentImage({ image, ...props }: ContentImageProps) {
  return <img src={image.src} alt={image.alt} {...props} />;
}
