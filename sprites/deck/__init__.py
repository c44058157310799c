"""The cards' pictures: faces, court figures, pips and backs drawn as vectors at any size, the
images cached per size (and kept between runs), the shipped typeface, the inks and the chrome's colours."""
