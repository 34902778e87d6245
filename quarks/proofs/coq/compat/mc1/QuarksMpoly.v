(** * QuarksMpoly for MathComp 1 (Debian 12's multinomials 1.5): the multinomials library.

    multinomials installs [mpoly] as [SsrMultinomials.mpoly] for MathComp 1 and as
    [mathcomp.multinomials.mpoly] for MathComp 2; a theory says [From Quarks Require Import QuarksMpoly.]
    and gets it on either.  A file of its own, not part of QuarksCompat: only the theories that use
    multivariate polynomials load the library. *)
From SsrMultinomials Require Export mpoly.
