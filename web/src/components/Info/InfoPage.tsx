import { Container } from "@mantine/core";
import type { ReactNode } from "react";
import { Footer } from "../Footer/Footer";
import classes from "./Info.module.css";
import { PageHeader } from "./PageHeader";

interface InfoPageProps {
  title: string;
  intro?: string;
  /** More of the header band, under the intro (the privacy policy's date). */
  header?: ReactNode;
  /** The page's sections. */
  children: ReactNode;
}

/** An info page: the header band with its h1, the sections in the page's column, the footer. */
export function InfoPage({ title, intro, header, children }: InfoPageProps) {
  return (
    <>
      <PageHeader title={title} intro={intro}>
        {header}
      </PageHeader>
      <Container size="lg" className={classes.page}>
        {children}
      </Container>
      <Footer />
    </>
  );
}
