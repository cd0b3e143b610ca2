"""Who chooses: the computer player and the coach that reviews a deal."""
