import { Container } from "@mantine/core";
import { useCompetition } from "../../competition/CompetitionContext";
import { ContentImage } from "../ContentImage";
import classes from "./Landing.module.css";

export function ConferenceBanner() {
  const banner = useCompetition().competition.site.conference_banner;
  return (
    <section className={classes.banner} aria-labelledby="conference-banner-title">
      <Container size="lg" className={classes.bannerInner}>
        <ContentImage
          image={banner.image}
          width={120}
          height={80}
          className={classes.bannerImage}
        />
        <div>
          <h2 id="conference-banner-title" className={classes.bannerTitle}>
            {banner.title}
          </h2>
          <p className={classes.bannerText}>{banner.text}</p>
        </div>
      </Container>
    </section>
  );
}
