"""What the rules imply: the one risk model, exact statistics, discard values, the play's look-ahead."""
