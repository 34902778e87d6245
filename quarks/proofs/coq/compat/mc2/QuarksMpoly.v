(** * QuarksMpoly for MathComp 2 (Debian 13's multinomials 2.3): the multinomials library.

    multinomials installs [mpoly] as [SsrMultinomials.mpoly] for MathComp 1 and as
    [mathcomp.multinomials.mpoly] for MathComp 2; a theory says [From Quarks Require Import QuarksMpoly.]
    and gets it on either.  A file of its own, not part of QuarksCompat: only the theories that use
    multivariate polynomials load the library. *)
From mathcomp.multinomials Require Export mpoly.
